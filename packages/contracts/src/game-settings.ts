import { z } from 'zod';

/**
 * Spec §3 "Settings per game" and "Per-level bet settings", one record per game key:
 * `sports:<type>` (cross, special, special2, live, europe, inplay), `minigame:<game>`,
 * `casino:<vendor>` and `slot:<vendor>`. Amounts are whole won; null means "not applied".
 */
export const GAME_KEY = /^(sports|minigame|casino|slot):[a-z0-9_]{1,40}$/;

const won = z.number().int().min(0).max(1e15);

export const levelBetSettings = z.object({
  allowed: z.boolean(),
  min_bet: won,
  max_bet: won,
  max_win: won,
  /** Maximum stake on a single-pole (one-folder) bet. */
  single_max: won,
});
export type LevelBetSettings = z.infer<typeof levelBetSettings>;

export const LEVELS = ['1', '2', '3', '4', '5', '6', '7'] as const;

const defaultLevel = (level: number): LevelBetSettings => ({
  allowed: true,
  min_bet: 1_000,
  max_bet: 1_000_000 * level,
  max_win: 10_000_000 * level,
  single_max: 500_000 * level,
});

export const gameSettingsSchema = z.object({
  betting_allowed: z.boolean().default(true),
  duplicate_betting: z.boolean().default(true),
  cancel_allowed: z.boolean().default(true),
  /** Betting closes this many seconds before the start (sports) or the draw (mini games). */
  closing_seconds: z.number().int().min(0).max(86_400).default(60),
  /** A bet may be cancelled only until this many seconds before the start or the draw. */
  cancel_seconds: z.number().int().min(0).max(86_400).default(600),
  /** …and only within this many minutes of being placed (cancel time limit; null = no limit). */
  cancel_minutes: z.number().int().min(1).max(10_080).nullable().default(30),
  daily_cancel_count: z.number().int().min(0).max(1_000).nullable().default(3),
  /** Highest odds a selection or slip may carry, as a decimal (null = no cap). */
  highest_odds: z.number().min(1).max(100_000).nullable().default(100),
  /** Odds-sum adjustment applied to provider odds, in hundredths (e.g. -5 takes 0.05 off each). */
  odds_adjust: z.number().int().min(-500).max(500).default(0),
  /** Return-rate margin: provider odds are scaled so a market returns (100 − margin) %. */
  margin_percent: z.number().min(0).max(50).default(0),
  inplay_delay_seconds: z.number().int().min(0).max(120).default(5),
  /** Dividend provider choice (spec: two providers). */
  provider: z.enum(['primary', 'secondary']).default('primary'),
  /** Per round (a fixture or a draw) and member: total stakes and total potential winnings. */
  round_max_bet: won.nullable().default(null),
  round_max_win: won.nullable().default(null),
  levels: z
    .object(Object.fromEntries(LEVELS.map((l) => [l, levelBetSettings])) as Record<(typeof LEVELS)[number], typeof levelBetSettings>)
    .default(Object.fromEntries(LEVELS.map((l) => [l, defaultLevel(Number(l))])) as Record<(typeof LEVELS)[number], LevelBetSettings>),
});
export type GameSettings = z.infer<typeof gameSettingsSchema>;
