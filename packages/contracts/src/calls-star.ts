import { z } from 'zod';
import { moneyString, text } from './common.ts';
import { treeNode } from './calls-tree.ts';

/**
 * One account on the agent's tree screen (/pa-star): the admin tree's node with the tier, the
 * point balance and the agents below. depth counts levels below the signed-in agent (0: itself).
 */
export const starNode = treeNode.extend({
  propirty: z.number(),
  point: moneyString,
  /** Agents (any role but user) below at any depth. */
  agent_count: z.number(),
});
export type StarNode = z.infer<typeof starNode>;

/**
 * The agent's tree screen (spec §2 "/pa-star (tree view)"): reads inside the caller's own subtree.
 * An id outside it answers 404 not_in_subtree, whether it exists elsewhere or not.
 */
export const agentStarCalls = {
  /** `parent` (default: the agent itself) and its direct lower accounts, agents first by tier, 20 a page. */
  '/api/agent/star/children': {
    body: z.object({ parent_id: z.number().int().positive().optional(), skip: z.number().int().min(0).default(0) }).optional(),
    data: z.object({ parent: starNode, rows: z.array(starNode), total: z.number() }),
  },
  /** Up to 20 accounts below the agent whose account or nickname contains `q`, exact account first, each with its path:
   * the agent itself first, down to the match's parent, as whole nodes (the tree pins a step that
   * is past the first page of its level). */
  '/api/agent/star/search': {
    body: z.object({ q: text.trim().min(1).max(40) }),
    data: z.object({ rows: z.array(starNode.extend({ path: z.array(starNode) })) }),
  },
};
