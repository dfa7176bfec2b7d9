import { z } from 'zod';
import { moneyString, text } from './common.ts';
import { GAME_TYPES, BET_RESULTS, BET_STATUSES } from './constants.ts';

export { GAME_TYPES, BET_RESULTS, BET_STATUSES };

const dateOnly = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

export const betRow = z.object({
  id: z.number(),
  game_type: z.enum(GAME_TYPES),
  game: z.string(),
  vendor: z.string().nullable(),
  round: z.string().nullable(),
  bet_type: z.enum(['single', 'combo']),
  selections: z.array(z.object({ name: z.string(), market: z.string().optional(), pick: z.string(), odds: z.string(), result: z.string().optional() })),
  odds: z.string(),
  amount: moneyString,
  potential_win: moneyString,
  win_amount: moneyString,
  status: z.enum(BET_STATUSES),
  /** The result in words (decision 045): tie/push refunds apart from wins, per game family. */
  result: z.enum(BET_RESULTS),
  /** A mini game's round of the day, as its screens count it (null for other families). */
  day_round: z.number().nullable(),
  /** Casino and slot: the vendor's names for itself and the game (null when unknown or another family). */
  vendor_name: z.string().nullable(),
  game_name: z.string().nullable(),
  /** The member's held money before the stake and after the bet's last posting (its settlement), read from the ledger. */
  money_before: moneyString,
  money_after: moneyString,
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type BetRow = z.infer<typeof betRow>;

/** The player's betting history across every game family (spec §2 /board/betting-history). */
export const bettingCalls = {
  '/api/user/bet/history': {
    body: z
      .object({
        game_type: z.enum(GAME_TYPES).optional(),
        status: z.enum(BET_STATUSES).optional(),
        startedAt: dateOnly.optional(),
        endedAt: dateOnly.optional(),
        skip: z.number().int().min(0).max(1_000_000).default(0),
      })
      .optional(),
    data: z.object({
      bets: z.array(betRow),
      total: z.number(),
      summary: z.object({ amount: moneyString, win_amount: moneyString, count: z.number() }),
    }),
  },
  '/api/user/bet/detail': { body: z.object({ id: z.number().int().positive() }), data: z.object({ bet: betRow }) },
} as const;
