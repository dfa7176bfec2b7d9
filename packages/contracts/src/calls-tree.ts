import { z } from 'zod';
import { moneyString, text } from './common.ts';

const userId = z.number().int().positive();

/** One account on the admin tree screen (issue 19): money and the counts below it. */
export const treeNode = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  level: z.number(),
  status: z.string(),
  parent_id: z.number().nullable(),
  /** children: 1 (roots 0); search: levels below its root; path: levels above the node. */
  depth: z.number(),
  money: moneyString,
  /** Direct lower accounts. */
  children: z.number(),
  /** Accounts below at any depth. */
  lower_count: z.number(),
  /** Members (role user) below at any depth. */
  member_count: z.number(),
});
export type TreeNode = z.infer<typeof treeNode>;

/** The admin tree screen's reads (spec §2 "tree view of sub-accounts"); the move is in calls-agents.ts. */
export const adminTreeCalls = {
  /** Direct children of `parent_id`, or the roots without it; agents first by tier, 50 a page. */
  '/api/admin/agent/tree/children': {
    body: z.object({ parent_id: userId.optional(), skip: z.number().int().min(0).default(0) }).optional(),
    data: z.object({ rows: z.array(treeNode), total: z.number() }),
  },
  /** Up to 20 accounts whose account or nickname contains `search`, exact account first. */
  '/api/admin/agent/tree/search': {
    body: z.object({ search: text.trim().min(1).max(40) }),
    data: z.object({ rows: z.array(treeNode) }),
  },
  /** The root first, down to the account itself (member_not_found for an unknown id). */
  '/api/admin/agent/tree/path': {
    body: z.object({ user_id: userId }),
    data: z.object({ rows: z.array(treeNode) }),
  },
};
