import type { Sql } from '../../platform/db.ts';
import type { TreePage, TreeUserRow } from './repo.ts';

// The tree screens, admin (issue 19, the whole forest) and agent (/pa-star, the agent's own
// subtree): nodes with balances and counts, one statement each.

export type TreeNodeRow = TreeUserRow & {
  propirty: number;
  money: bigint | null;
  point: bigint | null;
  children: number;
  lower_count: number;
  member_count: number;
};

/**
 * A node's columns for the tree screen. Money and point are ledger balances (one probe each of
 * ledger_accounts_user_uq); the counts read user_tree by (ancestor_id, depth, descendant_id).
 */
const NODE_COLUMNS = `u.id, u.account, u.nickname, u.role, u.level, u.status, u.parent_id, t.depth, u.created_at,
  (SELECT ro.propirty FROM roles ro WHERE ro.name = u.role) AS propirty,
  (SELECT la.balance FROM ledger_accounts la WHERE la.owner_type = 'user' AND la.owner_id = u.id AND la.asset = 'money') AS money,
  (SELECT la.balance FROM ledger_accounts la WHERE la.owner_type = 'user' AND la.owner_id = u.id AND la.asset = 'point') AS point,
  (SELECT count(*)::int FROM user_tree c WHERE c.ancestor_id = u.id AND c.depth = 1) AS children,
  (SELECT count(*)::int FROM user_tree c WHERE c.ancestor_id = u.id AND c.depth > 0) AS lower_count,
  (SELECT count(*)::int FROM user_tree c JOIN users cu ON cu.id = c.descendant_id
     WHERE c.ancestor_id = u.id AND c.depth > 0 AND cu.role = 'user') AS member_count`;

/**
 * Direct children of `parentId` (agents first by tier, then newest), or the roots when it is
 * null; roots have depth 0, children depth 1. Reads users_parent_idx.
 */
export async function childNodes(sql: Sql, parentId: bigint | null, page: TreePage) {
  const where = parentId === null ? 'u.parent_id IS NULL' : 'u.parent_id = $3';
  const r = await sql.query<TreeNodeRow & { total: bigint }>(
    `SELECT ${NODE_COLUMNS}, count(*) OVER () AS total
     FROM users u JOIN roles r ON r.name = u.role
       JOIN user_tree t ON t.descendant_id = u.id AND t.ancestor_id = ${parentId === null ? 'u.id' : 'u.parent_id'}
     WHERE ${where}
     ORDER BY r.propirty, u.id DESC OFFSET $1 LIMIT $2`,
    parentId === null ? [page.skip, page.limit] : [page.skip, page.limit, parentId],
  );
  return { rows: r.rows.map(({ total: _, ...row }) => row), total: Number(r.rows[0]?.total ?? 0) };
}

/**
 * Accounts or nicknames containing `search`, exact account first. Without `rootId` the whole
 * forest, depth the node's level from its root; with it only accounts strictly below `rootId`
 * (the closure rows of that root), depth the levels below it.
 */
export async function searchNodes(sql: Sql, search: string, limit: number, rootId: bigint | null = null) {
  const like = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  const scope =
    rootId === null
      ? 'JOIN LATERAL (SELECT max(depth) AS depth FROM user_tree WHERE descendant_id = u.id) t ON true'
      : 'JOIN user_tree t ON t.descendant_id = u.id AND t.ancestor_id = $4 AND t.depth > 0';
  const r = await sql.query<TreeNodeRow>(
    `SELECT ${NODE_COLUMNS}
     FROM users u ${scope}
     WHERE u.account ILIKE $1 OR u.nickname ILIKE $1
     ORDER BY (lower(u.account) = lower($2)) DESC, u.id LIMIT $3`,
    rootId === null ? [like, search, limit] : [like, search, limit, rootId],
  );
  return r.rows;
}

/** One node with its depth below `rootId` (0: the root itself); undefined when it is not in that subtree. */
export async function nodeWithin(sql: Sql, rootId: bigint, userId: bigint) {
  const r = await sql.query<TreeNodeRow>(
    `SELECT ${NODE_COLUMNS} FROM user_tree t JOIN users u ON u.id = t.descendant_id WHERE t.ancestor_id = $1 AND t.descendant_id = $2`,
    [rootId, userId],
  );
  return r.rows[0];
}

export type PathStep = TreeNodeRow & { user_id: bigint };

/**
 * For each user, its ancestors from `rootId` (included) down to its parent, in that order, as
 * whole nodes (depth below the root): the steps a tree opens to show the user, and the rows it
 * pins when a step is past the first page of its level. Ancestors above the root are left out
 * by joining the root's own closure rows.
 */
export async function pathsWithin(sql: Sql, rootId: bigint, userIds: bigint[]) {
  if (userIds.length === 0) return [];
  const r = await sql.query<PathStep>(
    `SELECT p.descendant_id AS user_id, ${NODE_COLUMNS}
     FROM user_tree p JOIN user_tree t ON t.ancestor_id = $1 AND t.descendant_id = p.ancestor_id JOIN users u ON u.id = p.ancestor_id
     WHERE p.descendant_id = ANY($2::bigint[]) AND p.depth > 0
     ORDER BY p.descendant_id, p.depth DESC`,
    [rootId, userIds.map(String)],
  );
  return r.rows;
}

/** The root first, down to the node itself; depth counts up from the node (0) like pathToRoot. */
export async function pathNodes(sql: Sql, userId: bigint) {
  const r = await sql.query<TreeNodeRow>(
    `SELECT ${NODE_COLUMNS} FROM user_tree t JOIN users u ON u.id = t.ancestor_id WHERE t.descendant_id = $1 ORDER BY t.depth DESC`,
    [userId],
  );
  return r.rows;
}
