import { z } from 'zod';
import { account, nickname, roleName, text } from './common.ts';
import { MEMBER_STATUSES } from './constants.ts';
import { rollingJson } from './context.ts';

const userId = z.number().int().positive();

/**
 * Rates of a new account (spec §3 "Rolling_json" and the losing rate), each a percent 0–100; a key left out is 0.
 * The server reads each number exactly (at most four decimals, decision 027) and refuses more.
 */
export const newRollingJson = z.partialRecord(z.enum([...rollingJson.keyof().options, 'losing_percent']), z.number().min(0).max(100));
/** The rates an account holds: rolling_json plus the losing rate (decision 031), capped by the parent like the others. */
export const accountRates = rollingJson.extend({ losing_percent: z.number() });

/**
 * Spec §3 "New account payload". Required: account, password, nickname (spec §5 "Other"); the
 * rest optional. `parent_code` is the parent agent's code (its account); an agent leaving it out
 * creates under itself. `role` defaults to a member ('user'); `state` and `code` are the server's
 * (pending, code = account).
 */
export const newAccountBody = z.object({
  parent_code: text.trim().min(1).max(40).optional(),
  account,
  password: text.min(4).max(100),
  nickname,
  phone: z
    .string()
    .transform((v) => v.replace(/-/g, ''))
    .pipe(z.string().regex(/^\d{9,11}$/, 'digits only'))
    .optional(),
  bankName: text.trim().min(1).max(40).optional(),
  bankAccount: text
    .trim()
    .regex(/^[\d-]{6,30}$/, 'digits only')
    .optional(),
  bankAccountHolder: text.trim().min(1).max(40).optional(),
  bankPassword: text.regex(/^\d{1,4}$/, 'numeric, at most 4 digits').optional(),
  level: z.number().int().min(1).max(7).default(1),
  role: roleName.default('user'),
  rolling_json: newRollingJson.default({}),
});
export type NewAccountBody = z.output<typeof newAccountBody>;

/** States an admin may create an account in (a test account is state 'test'). */
export const CREATE_STATES = ['pending', 'normal_a', 'normal_b', 'test', 'suspended', 'blocked'] as const;
export const adminNewAccountBody = newAccountBody.extend({ state: z.enum(CREATE_STATES).default('pending') });

const created = z.object({
  id: z.number(),
  account: z.string(),
  code: z.string(),
  status: z.enum(MEMBER_STATUSES),
  /** The web's text for the created toast (spec §8 '가입이 완료되었습니다'). */
  message: z.literal('join_complete'),
});
const ratesBody = z.object({ user_id: userId, rolling_json: newRollingJson });
const ratesChanged = z.object({ ok: z.literal(true), rolling_json: accountRates.partial() });
const stateChanged = z.object({ ok: z.literal(true), status: z.enum(MEMBER_STATUSES) });

export const newAccountCalls = {
  /** An agent creates a member or a lower agent in its subtree (spec §7, decision 028). */
  '/api/agent/user/create': { body: newAccountBody, data: created },
  /** An agent approves a pending (or restarts a stopped) lower agent, or approves a pending member. */
  '/api/agent/user/approve': { body: z.object({ user_id: userId }), data: stateChanged },
  /** An agent stops a lower agent (spec §4 "Agent: approved or stopped"). */
  '/api/agent/user/stop': { body: z.object({ user_id: userId }), data: stateChanged },
  /**
   * Changes a lower account's rates (issue 18): the keys given replace the stored ones. Refused
   * above the parent's rate (`rate_above_parent`) or below a direct child's (`rate_below_child`).
   */
  '/api/agent/user/rates/update': { body: ratesBody, data: ratesChanged },
  /** The same for an admin, on any account. */
  '/api/admin/member/rates/update': { body: ratesBody, data: ratesChanged },
  /** Admin member creation: real member, test account, any agent tier, any parent and state. */
  '/api/admin/member/create': { body: adminNewAccountBody, data: created },
};
