import { z } from 'zod';
import { moneyString, text } from './common.ts';
import { requestId } from './calls-banking.ts';

/** An operator's day (KST), as the date filters send it. */
const day = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const id = z.number().int().positive();

/**
 * A losing settlement's state (decision 031): pending → paid → recovered, each once; a negative
 * amount is carried into the agent's next settlement; zero is closed; an initialisation cancels
 * what was still pending or carried.
 */
export const LOSING_STATUSES = ['pending', 'paid', 'recovered', 'carried', 'closed', 'cancelled'] as const;
export type LosingStatus = (typeof LOSING_STATUSES)[number];

export const losingRow = z.object({
  id: z.number(),
  period_id: z.number(),
  from_day: z.string(),
  to_day: z.string(),
  agent_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  /** The period's net loss of the agent's whole subtree (members' stakes minus payouts). */
  net_loss: moneyString,
  /** The agent's losing rate (percent text, "1.25") when the period was run. */
  rate: z.string(),
  /** Its share of the period (its rate minus what its lower agents take). */
  own: moneyString,
  /** Earlier negative settlements carried into this one. */
  carried_in: moneyString,
  /** What paying it moves: own + carried_in. */
  amount: moneyString,
  status: z.enum(LOSING_STATUSES),
  paid_at: z.string().nullable(),
  recovered_at: z.string().nullable(),
  /** Whether the caller may pay or recover it (an agent acts on its lower agents' settlements only). */
  can_act: z.boolean(),
});
export type LosingRow = z.infer<typeof losingRow>;

const listBody = z
  .object({
    from: day.optional(),
    to: day.optional(),
    skip: z.number().int().min(0).default(0),
    /** The page size; the XLSX export asks for everything (capped). */
    limit: z.number().int().min(1).max(5000).default(20),
  })
  .default({ skip: 0, limit: 20 });

const listData = z.object({
  rows: z.array(losingRow),
  total: z.number(),
  /** Summed over the whole filter, not the page. */
  totals: z.object({ net_loss: moneyString, own: moneyString, carried_in: moneyString, amount: moneyString, paid: moneyString }),
});

const actBody = z.object({ settlement_id: id, request_id: requestId });
const actData = z.object({
  settlement_id: z.number(),
  status: z.enum(LOSING_STATUSES),
  amount: moneyString,
  transaction_id: z.number(),
  /** The settled agent's money after the action. */
  agent_balance: moneyString,
});

export const losingPeriod = z.object({
  id: z.number(),
  from_day: z.string(),
  to_day: z.string(),
  run_at: z.string(),
  bets: z.number(),
  net_loss: moneyString,
  settlements: z.number(),
});

export const initJob = z.object({
  id: z.number(),
  status: z.enum(['running', 'done']),
  /** 0–100. */
  progress: z.number(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  cancelled: z.number(),
  baseline: z.number(),
});

/** Losing settlements (spec §4, §6, §8; issue 18; decision 031). */
export const losingCalls = {
  /** The agent's own settlements and its lower agents', newest period first. */
  '/api/agent/losing/list': { body: listBody, data: listData },
  /** Pays a lower agent's pending settlement from the house, once (`losing_none` when there is nothing to pay). */
  '/api/agent/losing/pay': { body: actBody, data: actData },
  /** Takes a paid settlement back: the exact reversal of its payment, once. */
  '/api/agent/losing/recover': { body: actBody, data: actData },
  /** Every agent's settlements (the admin settlement screen). */
  '/api/admin/settlement/losing/list': { body: listBody, data: listData },
  '/api/admin/settlement/losing/pay': { body: actBody, data: actData },
  '/api/admin/settlement/losing/recover': { body: actBody, data: actData },
  /** Computes one period (KST days, inclusive); the same days again answer the period already run. */
  '/api/admin/settlement/losing/run': {
    body: z.object({ from: day, to: day }),
    data: z.object({ period: losingPeriod, created: z.boolean() }),
  },
  /** The periods run so far, newest first. */
  '/api/admin/settlement/losing/periods': { body: z.object({}).default({}), data: z.object({ rows: z.array(losingPeriod) }) },
  /** Turns an agent's losing settlement on or off (role_setting.isOpenLosing). */
  '/api/admin/settlement/losing/open': {
    body: z.object({ user_id: id, open: z.boolean() }),
    data: z.object({ ok: z.literal(true), isOpenLosing: z.boolean() }),
  },
  /** Starts the initialisation job (spec §4: up to 10 minutes, irreversible); the web confirms twice. */
  '/api/admin/settlement/initialise': { body: z.object({}).default({}), data: z.object({ job: initJob }) },
  /** The latest initialisation job, with its progress. */
  '/api/admin/settlement/initialise/status': { body: z.object({}).default({}), data: z.object({ job: initJob.nullable() }) },
} as const;
