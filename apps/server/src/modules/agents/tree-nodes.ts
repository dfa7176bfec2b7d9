import type { Sql } from '../../platform/db.ts';
import type { TreePage, TreeUserRow } from './repo.ts';

// The admin tree screen (issue 19): nodes with money and counts, one statement each.

export type TreeNodeRow = TreeUserRow & { money: bigint | null; children: number; lower_count: number; member_count: number };

/**
 * A node's columns for the tree screen. Money is the ledger balance (one probe of
 * ledger_accounts_user_uq); the counts read user_tree by (ancestor_id, depth, descendant_id).
 */
const NODE_COLUMNS = `u.id, u.account, u.nickname, u.role, u.level, u.status, u.parent_id, t.depth, u.created_at,
  (SELECT la.balance FROM ledger_accounts la WHERE la.owner_type = 'user' AND la.owner_id = u.id AND la.asset = 'money') AS money,
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

/** Accounts or nicknames containing `search`, exact account first; depth is the node's level from its root. */
export async function searchNodes(sql: Sql, search: string, limit: number) {
  const like = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  const r = await sql.query<TreeNodeRow>(
    `SELECT ${NODE_COLUMNS}
     FROM users u JOIN LATERAL (SELECT max(depth) AS depth FROM user_tree WHERE descendant_id = u.id) t ON true
     WHERE u.account ILIKE $1 OR u.nickname ILIKE $1
     ORDER BY (lower(u.account) = lower($2)) DESC, u.id LIMIT $3`,
    [like, search, limit],
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
