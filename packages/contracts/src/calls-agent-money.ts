import { z } from 'zod';
import { moneyString, positiveAmount, text } from './common.ts';
import { requestId } from './calls-banking.ts';

/** Spec §4 "Management action types": 지급 (grant) and 회수 (reclaim). */
export const AGENT_MONEY_STATUSES = ['grant', 'reclaim'] as const;
export type AgentMoneyStatus = (typeof AGENT_MONEY_STATUSES)[number];

const base = {
  status: z.enum(AGENT_MONEY_STATUSES),
  memo: text.max(500).optional(),
  user_id: z.number().int().positive(),
  /** The client's id for this one action: a retry with it answers the first result, moves nothing twice. */
  request_id: requestId,
};

/** What a grant or reclaim answers: the moved amount and both balances of that asset after it. */
const moved = z.object({
  transaction_id: z.number(),
  status: z.enum(AGENT_MONEY_STATUSES),
  amount: moneyString,
  /** The sub-account's balance of the moved asset after the action. */
  balance: moneyString,
  /** The agent's own balance of the moved asset after the action. */
  agent_balance: moneyString,
});

/** An agent moves money or points between its own balance and a sub-account's (spec §6, §7; issue 18, decision 029). */
export const agentMoneyCalls = {
  /**
   * Points. The amount is `point`; the spec also lists `money` for this call, so `money` is taken
   * as the amount when `point` is absent, and both given must agree.
   */
  '/api/agent/user/point/update': {
    body: z
      .object({ ...base, point: positiveAmount.optional(), money: positiveAmount.optional() })
      .refine((b) => b.point !== undefined || b.money !== undefined, { message: 'enter amount', path: ['point'] })
      .refine((b) => b.point === undefined || b.money === undefined || b.point === b.money, {
        message: 'point and money must be the same amount',
        path: ['money'],
      }),
    data: moved,
  },
  /** Money. */
  '/api/agent/child/money/update': {
    body: z.object({ ...base, money: positiveAmount }),
    data: moved,
  },
} as const;
