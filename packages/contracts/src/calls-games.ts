import { z } from 'zod';
import { amountInput, moneyString, text } from './common.ts';
import { betRow } from './calls-betting.ts';
import { requestId } from './calls-banking.ts';
import { MINIGAME_KEYS } from './constants.ts';

export { MINIGAME_KEYS };

/**
 * Mini games (spec §1 "Mini games", §2 /game/powerball/…, /game/minigame/…): rules as data,
 * rounds on a fixed schedule, provably fair draws (decision 019). Every game is identified by
 * its key (`ntry_eos1`, `bepick_happy545`, `roulette` …); its settings live under the game
 * settings key `minigame:<key>`.
 */
export type MinigameKey = (typeof MINIGAME_KEYS)[number];
export const minigameKey = z.enum(MINIGAME_KEYS);

/** How a game draws: decides the result shape and the animation the page plays. */
export const MINIGAME_FAMILIES = ['powerball', 'ladder', 'keno', 'lotto', 'dice', 'roulette', 'cockfight', 'virtual'] as const;
export type MinigameFamily = (typeof MINIGAME_FAMILIES)[number];

export const ROUND_STATUSES = ['open', 'closed', 'drawn', 'settled', 'void'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** Odds as a decimal string with two places ("1.95"), like bets. */
const odds = z.string().regex(/^\d+\.\d{2}$/);

export const minigamePick = z.object({
  /** Pick key inside the market ('odd', 'over', 'odd_under', '17' …); the i18n key is `pick.<key>`. */
  key: z.string(),
  odds,
});
export const minigameMarket = z.object({
  /** Market key ('power_oe', 'sum_size', 'power_oe_uo' …); the i18n key is `market.<key>`. */
  key: z.string(),
  /** 'single' markets use the single odds table (powerball_single), 'combo' markets the combination table (powerball_multiple). */
  kind: z.enum(['single', 'combo']),
  picks: z.array(minigamePick),
});
export type MinigameMarket = z.infer<typeof minigameMarket>;

export const minigameInfo = z.object({
  key: minigameKey,
  board: z.enum(['ntry', 'bepick', 'house']),
  family: z.enum(MINIGAME_FAMILIES),
  /** The member page of spec §2 (null: no route there; the game still has an API). */
  route: z.string().nullable(),
  interval_seconds: z.number(),
  closing_seconds: z.number(),
  betting_allowed: z.boolean(),
  cancel_allowed: z.boolean(),
  /** Seconds before the draw after which a bet may no longer be cancelled. */
  cancel_seconds: z.number(),
  /** i18n keys of the rule text shown on the game-rule page (`rule.<key>`). */
  rule_keys: z.array(z.string()),
  markets: z.array(minigameMarket),
  /** The signed-in member's level limits (null when not signed in or betting is not allowed for the level). */
  limits: z.object({ min_bet: moneyString, max_bet: moneyString, max_win: moneyString }).nullable(),
  /** Per round and member totals (null = not applied). */
  round_max_bet: moneyString.nullable(),
  round_max_win: moneyString.nullable(),
});
export type MinigameInfo = z.infer<typeof minigameInfo>;

/** The drawn outcome, one shape per family (what the result animation shows). */
export const minigameDraw = z.discriminatedUnion('family', [
  z.object({ family: z.literal('powerball'), balls: z.array(z.number()), power: z.number(), sum: z.number() }),
  z.object({
    family: z.literal('ladder'),
    start: z.enum(['left', 'right']),
    lines: z.union([z.literal(3), z.literal(4)]),
    finish: z.enum(['odd', 'even']),
    /** Keno ladder: the keno numbers the ladder was read from. */
    balls: z.array(z.number()).optional(),
  }),
  z.object({ family: z.literal('keno'), balls: z.array(z.number()), sum: z.number() }),
  z.object({ family: z.literal('lotto'), balls: z.array(z.number()), bonus: z.number(), sum: z.number() }),
  z.object({ family: z.literal('dice'), dice: z.array(z.number()), sum: z.number() }),
  z.object({ family: z.literal('roulette'), number: z.number(), color: z.enum(['red', 'black', 'green']) }),
  z.object({ family: z.literal('cockfight'), winner: z.enum(['meron', 'wala', 'draw']) }),
  z.object({ family: z.literal('virtual'), home: z.string(), away: z.string(), home_goals: z.number(), away_goals: z.number() }),
]);
export type MinigameDraw = z.infer<typeof minigameDraw>;

export const minigameResult = z.object({
  draw: minigameDraw,
  /** The winning pick of each market (a market missing here is refunded: e.g. roulette zero on even-money markets is a loss, a cockfight draw refunds meron/wala). */
  winners: z.record(z.string(), z.string()),
});
export type MinigameResult = z.infer<typeof minigameResult>;

export const minigameRound = z.object({
  id: z.number(),
  game: minigameKey,
  /** Global round number: the time slot (draw time in seconds since the epoch ÷ interval). */
  number: z.number(),
  /** Round of the day (operating time zone), as the boards show it (1 = first draw after midnight). */
  day_number: z.number(),
  opens_at: z.string(),
  closes_at: z.string(),
  draws_at: z.string(),
  status: z.enum(ROUND_STATUSES),
  result: minigameResult.nullable(),
});
export type MinigameRound = z.infer<typeof minigameRound>;

const gameBody = z.object({ game: minigameKey });

/**
 * The public inputs of the chained entropy (source `prev-close-bets-sha256`, decision 049):
 * entropy = sha256(previous + "\n" + closes_at + "\n" + sha256(bets joined by "\n")).
 */
export const entropyInputs = z.object({
  /** The entropy of round n−1 of the game, or the anchor of the round's chain when there is none. */
  previous: z.string(),
  previous_from: z.enum(['round', 'anchor']),
  /** The round's closing time exactly as hashed (ISO 8601, UTC, milliseconds). */
  closes_at: z.string(),
  /** Every bet on the round at closing, `id:stake:market:pick`, in id order. */
  bets: z.array(z.string()),
});
export type EntropyInputs = z.infer<typeof entropyInputs>;

export const minigameVerification = z.object({
  game: minigameKey,
  round_id: z.number(),
  number: z.number(),
  status: z.enum(ROUND_STATUSES),
  draws_at: z.string(),
  /** The published commitment: the chain's anchor (terminal hash), published before its first round. */
  chain: z.object({ id: z.number(), anchor: z.string(), length: z.number(), published_at: z.string() }),
  /** Position of this round's seed in the chain (1 = first seed used; sha256 applied `index` times gives the anchor). */
  index: z.number(),
  /** The hash this round's seed must hash to: the previous round's revealed seed, or the anchor for index 1 (null while the previous round is not drawn). */
  prev_hash: z.string().nullable(),
  /** Revealed after the draw (null before). */
  seed: z.string().nullable(),
  entropy_source: z.string(),
  /** Fixed only after betting closed (null before). */
  entropy: z.string().nullable(),
  /** What the entropy was computed from, for a source a player can recompute (null before closing and for `bet-list-sha256`). */
  entropy_inputs: entropyInputs.nullable(),
  /** The HMAC message prefix; the draw stream is HMAC-SHA256(seed, `${message}:${counter}`). */
  message: z.string().nullable(),
  algorithm: z.string(),
  result: minigameResult.nullable(),
});
export type MinigameVerification = z.infer<typeof minigameVerification>;

export const minigameStreakColumn = z.object({ pick: z.string(), count: z.number(), day_numbers: z.array(z.number()) });
export const minigameStatMarket = z.object({
  market: z.string(),
  /** Oldest column first: consecutive rounds with the same winning pick (the bead-road chart). */
  columns: z.array(minigameStreakColumn),
  /** How often each pick won over the rounds asked for. */
  counts: z.record(z.string(), z.number()),
});

/** Mini games: rounds, bets, provably fair verification (issue 10). */
export const minigameCalls = {
  '/api/user/minigame/games': {
    body: z.object({ game: minigameKey.optional() }).optional(),
    data: z.object({ games: z.array(minigameInfo), server_time: z.string() }),
  },
  /** The round taking bets now (or the next one when betting is closed), the last result and the server time for the countdown. */
  '/api/user/minigame/round': {
    body: gameBody,
    data: z.object({ current: minigameRound.nullable(), last: minigameRound.nullable(), server_time: z.string() }),
  },
  '/api/user/minigame/bet': {
    body: z.object({
      game: minigameKey,
      round_id: z.number().int().positive(),
      market: text.min(1).max(40),
      pick: text.min(1).max(40),
      amount: amountInput,
      /** The odds the player saw; when given and the odds changed the bet is refused (odds_changed). */
      odds: odds.optional(),
      request_id: requestId,
    }),
    data: z.object({ bet: betRow, money: moneyString }),
  },
  '/api/user/minigame/cancel': {
    body: z.object({ bet_id: z.number().int().positive() }),
    data: z.object({ bet: betRow }),
  },
  '/api/user/minigame/myBets': {
    body: z.object({
      game: minigameKey,
      round_id: z.number().int().positive().optional(),
      skip: z.number().int().min(0).max(100_000).default(0),
    }),
    data: z.object({ bets: z.array(betRow), total: z.number() }),
  },
  '/api/user/minigame/history': {
    body: z.object({
      game: minigameKey,
      skip: z.number().int().min(0).max(100_000).default(0),
      limit: z.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ rounds: z.array(minigameRound), total: z.number() }),
  },
  '/api/user/minigame/stats': {
    body: z.object({ game: minigameKey, rounds: z.number().int().min(10).max(500).default(100) }),
    data: z.object({ markets: z.array(minigameStatMarket), rounds: z.number() }),
  },
  /** Public (no login): everything needed to recompute a round's draw. */
  '/api/minigame/verify': {
    body: z.object({ game: minigameKey, round: z.number().int().positive() }),
    data: minigameVerification,
  },
  /** Public (no login): the published chain anchors of a game, newest first. */
  '/api/minigame/commitments': {
    body: gameBody,
    data: z.object({
      chains: z.array(z.object({ id: z.number(), anchor: z.string(), length: z.number(), published_at: z.string(), first_round: z.number().nullable() })),
    }),
  },
} as const;
