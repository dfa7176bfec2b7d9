import { z } from 'zod';
import { moneyString, text } from './common.ts';

const limit = z.union([z.number().int().positive().safe(), z.null()]);
const limits = z.object({
  deposit_daily: moneyString.nullable(),
  deposit_monthly: moneyString.nullable(),
  loss_daily: moneyString.nullable(),
  pending: z.object({ deposit_daily: moneyString.nullable(), deposit_monthly: moneyString.nullable(), loss_daily: moneyString.nullable() }).nullable(),
  pending_from: z.string().nullable(),
  self_excluded_until: z.string().nullable(),
  deposited_today: moneyString,
  deposited_this_month: moneyString,
  lost_today: moneyString,
});

/** Self-set deposit and loss limits and self-exclusion (responsible operation). */
export const responsibleCalls = {
  '/api/user/limits/get': { body: z.object({}).optional(), data: limits },
  '/api/user/limits/set': {
    body: z.object({ deposit_daily: limit.optional(), deposit_monthly: limit.optional(), loss_daily: limit.optional() }),
    data: limits,
  },
  '/api/user/limits/selfExclude': {
    body: z.object({
      days: z.union([z.literal(1), z.literal(7), z.literal(30), z.literal(90), z.literal(180), z.literal(365)]),
      password: text.min(1).max(100),
    }),
    data: z.object({ until: z.string() }),
  },
} as const;
