import { z } from 'zod';
import { amountInput, moneyString, text } from './common.ts';
import {
  balances,
  BANK_REQUEST_STATUSES,
  bankLimits,
  bankRequest,
  chargeAccountAnswer,
  chargeBody,
  conversion,
  exchangeBody,
  exchangePassword,
  range,
  requestId,
} from './calls-banking.ts';

/**
 * The agent's money desk (spec §2 /pa-money-charging, /pa-money-exchanging, /pa-point-exchanging,
 * /pa-charge-history, /pa-exchange-history, /pa-money-report, /pa-trade-report; §6 "request charge
 * and exchange for themselves; convert own points to money"; decision 032). The requests use the
 * member site's bodies and rules; the lists are the agent's own and its subtree's.
 */

const bankType = z.enum(['charge', 'exchange']);
/** Partner lists show 20 a page by default (spec §9 pagination). */
const limit = z.number().int().min(1).max(100).default(20);

/** A charge or exchange request of an account below the agent. */
export const lowerBankRow = bankRequest.extend({
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  /** The account's direct parent (who it belongs to in the agent's tree). */
  parent_account: z.string().nullable(),
});
export type LowerBankRow = z.infer<typeof lowerBankRow>;

/** Money report groups (the ledger kinds behind each are the server's, decision 032). */
export const MONEY_REPORT_GROUPS = ['lower', 'commission', 'charge', 'exchange', 'conversion'] as const;
export type MoneyReportGroup = (typeof MONEY_REPORT_GROUPS)[number];

/** One line of the agent's own statement: a ledger posting with the balance after it. */
export const statementRow = z.object({
  id: z.number(),
  kind: z.string(),
  memo: z.string().nullable(),
  amount: moneyString,
  before: moneyString,
  after: moneyString,
  created_at: z.string(),
});
export type StatementRow = z.infer<typeof statementRow>;

/** What moved between the agent and one sub-account over the period (positive = to the sub-account). */
export const tradeRow = z.object({
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  money_granted: moneyString,
  money_reclaimed: moneyString,
  point_granted: moneyString,
  point_reclaimed: moneyString,
  casino_in: moneyString,
  casino_out: moneyString,
  /** Money that left the agent for this account, less money that came back (grants − reclaims + casino pay-in − pay-out). */
  money_net: moneyString,
  count: z.number(),
});
export type TradeRow = z.infer<typeof tradeRow>;
const tradeTotals = tradeRow.omit({ user_id: true, account: true, nickname: true, role: true });

export const agentDeskCalls = {
  '/api/agent/bank/getLimits': { body: z.object({}).optional(), data: bankLimits },
  '/api/agent/bank/getChargeAccount': { body: z.object({ bank_password: exchangePassword.optional() }).optional(), data: chargeAccountAnswer },
  /** The agent's own charge request: the member rules (limits, delay, duplicate flags, depositor, password). */
  '/api/agent/bank/charge': { body: chargeBody, data: z.object({ request: bankRequest }) },
  /** The agent's own exchange request: its money is held until the admin processes it. */
  '/api/agent/bank/exchange': { body: exchangeBody, data: z.object({ request: bankRequest, money: moneyString }) },
  /** The agent's own points to money, 1:1. */
  '/api/agent/bank/convertPoint': { body: z.object({ point: amountInput, request_id: requestId }), data: z.object({ conversion, balances }) },
  /** The agent's own charge or exchange requests, newest first, with the period's count and amount. */
  '/api/agent/bank/logs': {
    body: range.extend({ type: bankType, status: z.enum(BANK_REQUEST_STATUSES).optional(), limit }),
    data: z.object({ logs: z.array(bankRequest), total: z.number(), amount: moneyString }),
  },
  /**
   * Charge or exchange requests of the accounts below the agent (spec §2 /pa-charge-history,
   * /pa-exchange-history). `user_id` narrows to one account, which must be in the subtree (404
   * not_in_subtree otherwise); `search` matches account or nickname. Totals cover the whole filter.
   */
  '/api/agent/bank/lowerLogs': {
    body: range.extend({
      type: bankType,
      status: z.enum(BANK_REQUEST_STATUSES).optional(),
      user_id: z.number().int().positive().optional(),
      search: text.trim().max(40).optional(),
      limit,
    }),
    data: z.object({
      rows: z.array(lowerBankRow),
      total: z.number(),
      /** Sum of every matching request's amount, and of those approved or completed. */
      amount: moneyString,
      approved_amount: moneyString,
    }),
  },
  /** The agent's own ledger statement of one asset (spec §2 /pa-money-report), newest first, with the period's in and out. */
  '/api/agent/report/money': {
    body: range.extend({ asset: z.enum(['money', 'point']).default('money'), group: z.enum(MONEY_REPORT_GROUPS).optional(), limit }),
    data: z.object({ rows: z.array(statementRow), total: z.number(), credit: moneyString, debit: moneyString }),
  },
  /** Money and points moved between the agent and each sub-account over the period (spec §2 /pa-trade-report). */
  '/api/agent/report/trade': {
    body: range.extend({ limit }),
    data: z.object({ rows: z.array(tradeRow), total: z.number(), totals: tradeTotals }),
  },
} as const;
