import { z } from 'zod';
import { amountInput, moneyString, text } from './common.ts';
import { GAME_TYPES } from './constants.ts';

/** A client-chosen id per submit: a retried request returns the first answer and moves nothing twice. */
export const requestId = text.trim().min(8).max(100);
export const dateOnly = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
export const range = z.object({ skip: z.number().int().min(0).max(1_000_000).default(0), startedAt: dateOnly.optional(), endedAt: dateOnly.optional() });
export const exchangePassword = text.regex(/^\d{1,4}$/, 'numeric, at most 4 digits');

export const BANK_REQUEST_STATUSES = ['waiting', 'approved', 'refused', 'cancelled', 'completed'] as const;
export const bankRequest = z.object({
  id: z.number(),
  type: z.enum(['charge', 'exchange']),
  amount: moneyString,
  status: z.enum(BANK_REQUEST_STATUSES),
  holder: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  money_after: moneyString.nullable(),
  bonus_point: moneyString,
  flag: z.enum(['possible_duplicate', 'double']).nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type BankRequest = z.infer<typeof bankRequest>;

export const balances = z.object({ money: moneyString, point: moneyString, egg: moneyString, balance: moneyString });
export const conversion = z.object({
  id: z.number(),
  kind: z.string(),
  amount: moneyString,
  before: moneyString,
  after: moneyString,
  created_at: z.string(),
});

/** A request in the admin's lists: members' and agents' alike, `role` telling which (user = member). */
const adminRow = bankRequest.extend({
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  level: z.number(),
  role: z.string(),
  /** Other accounts registered with the same depositor (holder) name: a duplicate-deposit flag (decision 041). */
  holder_accounts: z.number(),
});

/** The limits a money form shows and checks before sending (member site and partner site alike). */
export const bankLimits = z.object({
  charge: z.object({ min: moneyString, max: moneyString.nullable(), unit: moneyString.nullable() }),
  exchange: z.object({ min: moneyString, max: moneyString.nullable(), unit: moneyString.nullable(), blackout: z.string() }),
  point: z.object({ min: moneyString, unit: moneyString }),
  egg_min_level: z.number(),
  use_exchange_password: z.boolean(),
  charge_requires_password: z.boolean(),
  is_seamless: z.boolean(),
});

/** The deposit account a charge form shows (null with `password_required` until the password is given). */
export const chargeAccountAnswer = z.object({
  bank: z.object({ kind: z.enum(['temporary', 'permanent']), bank_name: z.string(), bank_account: z.string(), holder: z.string() }).nullable(),
  password_required: z.boolean(),
});

/** The game types a member may charge for; each has its cap on charge-bonus points (setting max_payout_points, decision 043). */
export const BONUS_GAMES = GAME_TYPES;
export type BonusGame = (typeof BONUS_GAMES)[number];

export const chargeBody = z.object({
  charge_money: amountInput,
  bonus_game: z.enum(BONUS_GAMES).optional(),
  depositor_name: text.trim().max(40).optional(),
  bank_password: exchangePassword.optional(),
  request_id: requestId,
});
export const exchangeBody = z.object({ exchange_money: amountInput, bank_password: exchangePassword.optional(), request_id: requestId });

export const bankingCalls = {
  '/api/user/bank/getChargeAccount': {
    body: z.object({ bank_password: exchangePassword.optional() }).optional(),
    // Asked without the password while one is needed: no account, `password_required` (a state, not an error).
    data: chargeAccountAnswer,
  },
  '/api/user/bank/charge': { body: chargeBody, data: z.object({ request: bankRequest }) },
  '/api/user/bank/exchange': { body: exchangeBody, data: z.object({ request: bankRequest, money: moneyString }) },
  '/api/user/bank/getAccountChargeLogs': { body: range.optional(), data: z.object({ logs: z.array(bankRequest), total: z.number() }) },
  '/api/user/bank/getAccountExchangeLogs': { body: range.optional(), data: z.object({ logs: z.array(bankRequest), total: z.number() }) },
  '/api/user/bank/getPointLogs': {
    body: range.optional(),
    data: z.object({
      logs: z.array(
        z.object({ id: z.number(), kind: z.string(), content: z.string(), existing_point: moneyString, updated_point: moneyString, created_at: z.string() }),
      ),
      total: z.number(),
    }),
  },
  '/api/user/bank/getLimits': { body: z.object({}).optional(), data: bankLimits },
  '/api/user/bank/convertPoint': {
    body: z.object({ point: amountInput, request_id: requestId }),
    data: z.object({ conversion, balances }),
  },
  '/api/user/bank/convertCasino': {
    body: z.object({ direction: z.enum(['to_casino', 'to_money']), amount: amountInput.optional(), all: z.boolean().optional(), request_id: requestId }),
    data: z.object({ conversion, balances }),
  },
  '/api/user/bank/convertEgg': {
    body: z.object({ direction: z.enum(['to_egg', 'to_money']), amount: amountInput, request_id: requestId }),
    data: z.object({ conversion, balances }),
  },
  '/api/user/bank/getConversions': {
    body: range
      .extend({
        kinds: z
          .array(z.enum(['point_to_money', 'money_to_casino', 'casino_to_money', 'money_to_egg', 'egg_to_money']))
          .max(5)
          .optional(),
      })
      .optional(),
    data: z.object({ logs: z.array(conversion), total: z.number() }),
  },

  // ---- admin processing (spec §4 state machines)
  '/api/admin/bank/list': {
    body: z.object({
      type: z.enum(['charge', 'exchange']),
      status: z.enum(BANK_REQUEST_STATUSES).optional(),
      /** Only members' requests, or only agents' (every role but user); absent = both. */
      requester: z.enum(['member', 'agent']).optional(),
      skip: z.number().int().min(0).default(0),
    }),
    data: z.object({ rows: z.array(adminRow), total: z.number() }),
  },
  '/api/admin/bank/process': {
    body: z.object({
      type: z.enum(['charge', 'exchange']),
      id: z.number().int().positive(),
      action: z.enum(['approve', 'refuse', 'cancel', 'complete']),
      memo: text.max(500).optional(),
    }),
    data: z.object({ request: bankRequest }),
  },
} as const;
