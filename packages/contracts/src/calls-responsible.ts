import { z } from 'zod';
import { moneyString, text } from './common.ts';

/** Every limit a player sets on themselves (decision 057): money in won, `session_minutes` in minutes. */
export const PLAYER_LIMIT_KEYS = [
  'deposit_daily',
  'deposit_weekly',
  'deposit_monthly',
  'loss_daily',
  'loss_weekly',
  'loss_monthly',
  'stake_per_bet',
  'stake_daily',
  'session_minutes',
] as const;
export type PlayerLimitKey = (typeof PLAYER_LIMIT_KEYS)[number];
/** Time-outs (24 h, 7 and 30 days) and self-exclusion (6 months, permanent). */
export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '6m', 'permanent'] as const;

const limitValue = z.union([z.number().int().positive().safe(), z.null()]);
/** The nine limits in force (null: none). */
export const limitsInForce = z.object({
  deposit_daily: moneyString.nullable(),
  deposit_weekly: moneyString.nullable(),
  deposit_monthly: moneyString.nullable(),
  loss_daily: moneyString.nullable(),
  loss_weekly: moneyString.nullable(),
  loss_monthly: moneyString.nullable(),
  stake_per_bet: moneyString.nullable(),
  stake_daily: moneyString.nullable(),
  session_minutes: moneyString.nullable(),
});
/** The limits in force, what waits, the exclusion state and the period totals (the member's read and the admin's). */
export const memberLimits = limitsInForce.extend({
  /** The keys waiting for their cooling-off day, with the value they will take (null: removed). */
  pending: limitsInForce.partial().nullable(),
  pending_from: z.string().nullable(),
  /** The end of a time-out or self-exclusion in force (null when none, or when permanent). */
  self_excluded_until: z.string().nullable(),
  excluded_permanent: z.boolean(),
  deposited_today: moneyString,
  deposited_this_week: moneyString,
  deposited_this_month: moneyString,
  lost_today: moneyString,
  lost_this_week: moneyString,
  lost_this_month: moneyString,
  staked_today: moneyString,
});

/** A limits change: a key left out is unchanged, null removes it (money in won, session in minutes up to a day). */
export const limitPatch = z.object({
  deposit_daily: limitValue.optional(),
  deposit_weekly: limitValue.optional(),
  deposit_monthly: limitValue.optional(),
  loss_daily: limitValue.optional(),
  loss_weekly: limitValue.optional(),
  loss_monthly: limitValue.optional(),
  stake_per_bet: limitValue.optional(),
  stake_daily: limitValue.optional(),
  session_minutes: z
    .union([
      z
        .number()
        .int()
        .positive()
        .max(24 * 60),
      z.null(),
    ])
    .optional(),
});

/** Self-set limits, time-outs and self-exclusion (responsible operation, decision 057). */
export const responsibleCalls = {
  '/api/user/limits/get': { body: z.object({}).optional(), data: memberLimits },
  '/api/user/limits/set': {
    body: limitPatch,
    data: memberLimits,
  },
  '/api/user/limits/selfExclude': {
    body: z.object({ period: z.enum(EXCLUSION_PERIODS), password: text.min(1).max(100) }),
    data: z.object({ until: z.string().nullable(), permanent: z.boolean() }),
  },
} as const;
