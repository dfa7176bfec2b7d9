import { z } from 'zod';
import { amountInput, moneyString, positiveAmount, text } from './common.ts';
import { betRow } from './calls-betting.ts';
import { SPORTS_BOARDS, type SportsBoard } from './calls-sports.ts';

/**
 * Sports bet slip (issue 9, decision 017): placing, quoting, cancelling and the detail of one
 * sports bet. The history list stays `/api/user/bet/history` (game_type 'sports').
 */

/** Boards (calls-sports.ts SPORTS_BOARDS; each is also a game-settings key `sports:<board>`) that take in-play bets (fixture in progress, in-play delay applies); the others are prematch. */
export const IN_PLAY_BOARDS: readonly SportsBoard[] = ['live', 'inplay'];

/** Decimal odds with at most two places, as shown to the player ("1.95"). */
const seenOdds = text.regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be decimal odds such as 1.95');

export const slipSelection = z.object({
  outcome_id: z.number().int().positive(),
  /** The odds the player saw when the folder was added; a change is refused with 409 `odds_changed`. */
  odds: seenOdds,
});
export type SlipSelection = z.infer<typeof slipSelection>;

export const MAX_SLIP_FOLDERS = 20;

export const placeSportsBetBody = z.object({
  /** Client request id: a replay returns the first bet. */
  request_id: text.min(8).max(100),
  board: z.enum(SPORTS_BOARDS),
  amount: positiveAmount,
  selections: z.array(slipSelection).min(1).max(MAX_SLIP_FOLDERS),
  /** Accept the bet at the current odds when every changed price moved up (never down). */
  accept_higher_odds: z.boolean().default(false),
});

/** One folder as the bet keeps it (bets.selections) and the detail call shows it. */
export const sportsFolder = z.object({
  idx: z.number(),
  fixture_id: z.number(),
  market_id: z.number(),
  outcome_id: z.number(),
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: z.string(),
  /** Market kind (1x2, handicap, over_under, …), its period and line. */
  market: z.string(),
  period: z.string(),
  line: z.string().nullable(),
  /** The pick (home, draw, away, over, under, …). */
  pick: z.string(),
  odds: z.string(),
  in_play: z.boolean(),
  /** Filled by settlement: won, lost, void, half_won, half_lost. */
  result: z.string().nullable(),
  /** Fixture state now (for the detail view). */
  fixture_status: z.string(),
  score: z.object({ home: z.number().optional(), away: z.number().optional() }).passthrough().nullable(),
});
export type SportsFolder = z.infer<typeof sportsFolder>;

export const sportsBetInfo = z.object({
  board: z.enum(SPORTS_BOARDS),
  folders: z.number(),
  in_play: z.boolean(),
  /** Whether the player may cancel it now, and until when (null: no time limit applies / not cancellable). */
  cancellable: z.boolean(),
  cancel_until: z.string().nullable(),
});

/** The slip's limits for the signed-in member on one board (what the slip panel shows before placing). */
export const slipLimits = z.object({
  betting_allowed: z.boolean(),
  min_bet: moneyString,
  max_bet: moneyString,
  max_win: moneyString,
  single_max: moneyString,
  highest_odds: z.string().nullable(),
  closing_seconds: z.number(),
  inplay_delay_seconds: z.number(),
  duplicate_betting: z.boolean(),
  cancel_allowed: z.boolean(),
  max_folders: z.number(),
  single_banned: z.boolean(),
  two_folder_banned: z.boolean(),
  same_game_banned: z.boolean(),
});

export const sportsBetCalls = {
  /** Places a single or combination bet. In-play boards wait the in-play delay before answering. */
  '/api/user/sports/bet/place': {
    body: placeSportsBetBody,
    data: z.object({ bet: betRow, sports: sportsBetInfo }),
  },
  /** Current odds and availability of the slip's folders, and the member's limits (re-confirm after `odds_changed`). */
  '/api/user/sports/slip/quote': {
    body: z.object({ board: z.enum(SPORTS_BOARDS), outcome_ids: z.array(z.number().int().positive()).max(MAX_SLIP_FOLDERS) }),
    data: z.object({
      outcomes: z.array(
        z.object({
          outcome_id: z.number(),
          odds: z.string(),
          /** False when the folder can no longer be bet (closed, stopped, suspended, unknown). */
          available: z.boolean(),
          /** The error code that would refuse it, when not available. */
          reason: z.string().nullable(),
        }),
      ),
      limits: slipLimits,
    }),
  },
  /** Cancels an open sports bet of the player (stake refunded); a bet already cancelled by the player answers as is. */
  '/api/user/sports/bet/cancel': {
    body: z.object({ bet_id: z.number().int().positive() }),
    data: z.object({ bet: betRow }),
  },
  /** One sports bet with every folder (teams, market, line, pick, odds, result, score). */
  '/api/user/sports/bet/detail': {
    body: z.object({ id: z.number().int().positive() }),
    data: z.object({ bet: betRow, sports: sportsBetInfo, folders: z.array(sportsFolder) }),
  },
  /** The current cash-out offer of each of the player's bets asked (decision 048); a bet that cannot be cashed out says why. */
  '/api/user/sports/cashout/quote': {
    body: z.object({ bet_ids: z.array(z.number().int().positive()).min(1).max(20) }),
    data: z.object({
      offers: z.array(
        z.object({
          bet_id: z.number(),
          available: z.boolean(),
          /** The full cash-out value in won (null when not available). */
          value: moneyString.nullable(),
          /** cashout_suspended (a selection is not priced now) or cashout_unavailable. */
          reason: z.string().nullable(),
        }),
      ),
    }),
  },
  /**
   * Cashes out an open sports bet: all of it, or with `amount` (below the full value) the part of
   * the stake that pays it. `offered` is the full value the player saw; a lower offer now is
   * refused (409 cashout_price_changed). A retried request id answers the first cash-out.
   */
  '/api/user/sports/cashout': {
    body: z.object({ request_id: text.min(8).max(100), bet_id: z.number().int().positive(), offered: amountInput, amount: positiveAmount.optional() }),
    data: z.object({
      bet: betRow,
      cashout: z.object({ value: moneyString, stake: moneyString, full: z.boolean(), remaining_stake: moneyString, remaining_potential: moneyString }),
    }),
  },
} as const;
