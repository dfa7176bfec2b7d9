import { z } from 'zod';
import { moneyString, text } from './common.ts';

/**
 * Player-protection reports (issue 23, decision 059): the admin's report of protection events per
 * period, read from the audit rows every event writes, and the player's activity statement.
 */

const day = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const skip = z.number().int().min(0).max(1_000_000).default(0);

/**
 * The report's figures: limits tightened, raises scheduled and applied after the cooling-off day,
 * refusals by a limit per kind, time-outs (24 h, 7 and 30 days) and self-exclusions (6 months, permanent).
 */
export const PROTECTION_FIGURES = [
  'limits_set',
  'raises_scheduled',
  'raises_applied',
  'hits_deposit',
  'hits_loss',
  'hits_stake',
  'hits_session',
  'timeouts_24h',
  'timeouts_7d',
  'timeouts_30d',
  'exclusions_6m',
  'exclusions_permanent',
] as const;
export type ProtectionFigure = (typeof PROTECTION_FIGURES)[number];

const figures = z.object(Object.fromEntries(PROTECTION_FIGURES.map((k) => [k, z.number()])) as Record<ProtectionFigure, z.ZodNumber>);
export type ProtectionFigures = z.infer<typeof figures>;
const protectionDay = figures.extend({ day: z.string() });
export type ProtectionDay = z.infer<typeof protectionDay>;

/** One protection event: which figure it counts in, the audit row's own detail (a refusal's code, an exclusion's period). */
const protectionEvent = z.object({
  id: z.number(),
  at: z.string(),
  figure: z.enum(PROTECTION_FIGURES),
  detail: z.string().nullable(),
  user_id: z.number().nullable(),
  account: z.string().nullable(),
  actor_type: z.string(),
});
export type ProtectionEvent = z.infer<typeof protectionEvent>;

/** The statement's assets: money and points (both are ledger accounts of the member). */
export const STATEMENT_ASSETS = ['money', 'point'] as const;

/** One ledger posting of the member's account: its amount and the account's balance after it. */
const activityStatementRow = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  memo: z.string().nullable(),
  amount: moneyString,
  balance: moneyString,
});
export type ActivityStatementRow = z.infer<typeof activityStatementRow>;

export const protectionReportCalls = {
  /**
   * Protection events of a period of the operator's days (default: this month to today; at most
   * 366 days): one row per day (newest first, zero days included), totals, and the events, 20 a page, newest first.
   */
  '/api/admin/reports/protection': {
    body: z.object({ from: day.optional(), to: day.optional(), skip }).optional(),
    data: z.object({
      from: z.string(),
      to: z.string(),
      days: z.array(protectionDay),
      totals: figures,
      events: z.array(protectionEvent),
      total: z.number(),
    }),
  },
  /**
   * The member's activity statement: every ledger posting of their money (or point) account over
   * a period of the operator's days (default: the last 30 days; at most 366), newest first, `limit`
   * a page, each with the balance after it; `credit` and `debit` are the period's sums.
   */
  '/api/user/statement': {
    body: z
      .object({
        asset: z.enum(STATEMENT_ASSETS).default('money'),
        from: day.optional(),
        to: day.optional(),
        skip,
        limit: z.number().int().min(1).max(500).default(50),
      })
      .optional(),
    data: z.object({ from: z.string(), to: z.string(), rows: z.array(activityStatementRow), total: z.number(), credit: moneyString, debit: moneyString }),
  },
} as const;
