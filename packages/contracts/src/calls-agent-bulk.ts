import { z } from 'zod';
import { text } from './common.ts';
import { MEMBER_STATUSES } from './constants.ts';
import { requestId } from './calls-banking.ts';

/**
 * Spec §4 "Bulk actions on selected lower members": change to normal (restore a withdrawn member),
 * withdraw, approve, permanently delete (a withdrawn member) and delete test accounts change the
 * state (decision 035); `rolling` pays or collects the member's own rolling (decision 061).
 */
export const BULK_ACTIONS = ['normal', 'withdraw', 'approve', 'delete', 'delete_test', 'rolling'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most accounts one bulk call changes (five list pages). */
export const BULK_MAX = 100;

/**
 * One selected account's outcome: its state after the action, or the code of the rule that
 * refused it. For `rolling`, `amount` is what moved: paid to the member (> 0) or collected (< 0).
 */
export const bulkRowResult = z.union([
  z.object({ user_id: z.number(), ok: z.literal(true), status: z.enum(MEMBER_STATUSES), amount: z.string().optional() }),
  z.object({ user_id: z.number(), ok: z.literal(false), code: z.string(), params: z.record(z.string(), z.string()).optional() }),
]);
export type BulkRowResult = z.infer<typeof bulkRowResult>;

/** One session of an account below the agent: a login (history) or an open one (online now). */
export const subtreeSessionRow = z.object({
  id: z.number(),
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  country: z.string().nullable(),
  domain: z.string().nullable(),
  /** The login. */
  created_at: z.string(),
  last_seen_at: z.string(),
  /** Still open now (not signed out, not expired). */
  online: z.boolean(),
});
export type SubtreeSessionRow = z.infer<typeof subtreeSessionRow>;

export const agentBulkCalls = {
  /**
   * Applies one action to the selected accounts below the agent (decision 035). One transaction:
   * each account is checked and changed under its member lock, a refused one is answered in its
   * row and does not stop the others; a retry with the same request id answers the first result.
   */
  '/api/agent/user/bulk': {
    body: z.object({
      action: z.enum(BULK_ACTIONS),
      user_ids: z.array(z.number().int().positive()).min(1).max(BULK_MAX),
      request_id: requestId,
    }),
    data: z.object({ results: z.array(bulkRowResult), changed: z.number() }),
  },
  /**
   * Sessions of the accounts below the agent, newest login first, 20 a page: the open ones only
   * (`online`, spec §2 /pa-accessor) or every login (spec §2 /pa-user-connection).
   */
  '/api/agent/user/sessions': {
    body: z
      .object({
        online: z.boolean().default(false),
        /** Part of the account or the nickname. */
        search: text.trim().max(30).optional(),
        skip: z.number().int().min(0).default(0),
      })
      .optional(),
    data: z.object({ rows: z.array(subtreeSessionRow), total: z.number() }),
  },
};
