import { z } from 'zod';
import { moneyString, roleName, text } from './common.ts';
import { accountRates } from './calls-accounts.ts';
import { MEMBER_STATUSES } from './constants.ts';

const userId = z.number().int().positive();

/** One admin move of a member or agent to another parent (issue 18, decision 026). */
export const parentMoveRow = z.object({
  id: z.number(),
  user_id: z.number(),
  account: z.string(),
  old_parent_id: z.number().nullable(),
  old_parent_account: z.string().nullable(),
  new_parent_id: z.number(),
  new_parent_account: z.string().nullable(),
  /** The admin who moved it. */
  moved_by: z.number().nullable(),
  moved_at: z.string(),
  memo: z.string().nullable(),
});
export type ParentMoveRow = z.infer<typeof parentMoveRow>;

export const agentTreeCalls = {
  /** Moves the account and everything below it under `parent_id`. */
  '/api/admin/agent/tree/move': {
    body: z.object({ user_id: userId, parent_id: userId, memo: text.max(500).optional() }),
    data: z.object({ ok: z.literal(true), history_id: z.number() }),
  },
  /** Moves newest first, 20 a page: of one account when `user_id` is given, else all. */
  '/api/admin/agent/tree/history': {
    body: z.object({ user_id: userId.optional(), skip: z.number().int().min(0).default(0) }).optional(),
    data: z.object({ rows: z.array(parentMoveRow), total: z.number() }),
  },
};

/** One row of an agent's downline lists (spec §2 /pa-agent-user-list, /pa-child-user-list). */
export const downlineRow = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  level: z.number(),
  money: moneyString,
  point: moneyString,
  status: z.enum(MEMBER_STATUSES),
  parent_id: z.number().nullable(),
  parent_account: z.string().nullable(),
  /** Steps below the asking agent: 1 is a direct lower. */
  depth: z.number(),
  created_at: z.string(),
  /** Its rates (spec §3 "Rolling_json") and its parent's, the cap of each (decision 028). */
  // The rates as stored, the losing rate included (decision 031).
  rolling_json: accountRates.partial(),
  parent_rolling_json: accountRates.partial().nullable(),
  /** In a time-out or self-exclusion now (decision 057): agents see that, never why nor until when. */
  excluded: z.boolean(),
});
export type DownlineRow = z.infer<typeof downlineRow>;

const downlineFilter = z.object({
  /** Part of the account or the nickname. */
  search: text.trim().max(30).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  /** One tier only: `user` lists the members (spec §2 /pa-users), an agent tier its agents (/pa-agent-user-list-by-role). */
  role: roleName.optional(),
  skip: z.number().int().min(0).default(0),
});
const downlinePage = z.object({ rows: z.array(downlineRow), total: z.number() });

/** The asking agent's downline, newest first, 20 a page (spec §9); only its own subtree (decision 026). */
export const agentDownlineCalls = {
  /** Every member and agent below the agent, at any depth. */
  '/api/agent/user/list': { body: downlineFilter.optional(), data: downlinePage },
  /** The agent's direct lower agents (members are left out), for approve and stop. */
  '/api/agent/child/list': { body: downlineFilter.optional(), data: downlinePage },
};
