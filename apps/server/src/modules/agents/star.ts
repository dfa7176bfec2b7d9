import type { Sql } from '../../platform/db.ts';
import { assertInSubtree } from './tree.ts';
import * as nodes from './tree-nodes.ts';

// The agent's tree screen (/pa-star, spec §2): the admin tree's node reads (tree-nodes.ts), held
// inside the signed-in agent's subtree. Every id the caller names is checked first.

/** Spec §9: 20 a page ("more" reads the next). */
export const STAR_PAGE = 20;

/**
 * A node of the caller's subtree (the caller itself without `parentId`) and one page of its
 * direct lower accounts; depths count from the caller.
 */
export async function starChildren(sql: Sql, agentId: bigint, parentId: bigint | null, skip: number) {
  const nodeId = parentId ?? agentId;
  await assertInSubtree(sql, agentId, nodeId);
  const [parent, page] = await Promise.all([nodes.nodeWithin(sql, agentId, nodeId), nodes.childNodes(sql, nodeId, { skip, limit: STAR_PAGE })]);
  if (!parent) throw new Error(`user ${nodeId} passed the subtree check but has no closure row`);
  return { parent, rows: page.rows.map((row) => ({ ...row, depth: parent.depth + 1 })), total: page.total };
}

/** Accounts below the caller matching the text, each with the path the tree opens to show it. */
export async function starSearch(sql: Sql, agentId: bigint, q: string) {
  const rows = await nodes.searchNodes(sql, q, 20, agentId);
  const steps = await nodes.pathsWithin(
    sql,
    agentId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, path: steps.filter((s) => s.user_id === row.id) }));
}
