import { z } from 'zod';
import { text } from './common.ts';

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
