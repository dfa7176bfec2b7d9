import type { Sql } from '../../platform/db.ts';
import { lockedMembers } from '../members/index.ts';

export async function listRoles(sql: Sql) {
  return (await sql.query<{ name: string; propirty: number }>('SELECT name, propirty FROM roles ORDER BY propirty')).rows;
}

export async function propirtyOf(sql: Sql, role: string) {
  return (await sql.query<{ propirty: number }>('SELECT propirty FROM roles WHERE name = $1', [role])).rows[0]?.propirty;
}

// ---- the agent tree (closure table user_tree, migration 023, decision 026)

export type TreeUserRow = {
  id: bigint;
  account: string;
  nickname: string;
  role: string;
  level: number;
  status: string;
  parent_id: bigint | null;
  depth: number;
  created_at: Date;
};
export type TreeFilter = { role?: string; status?: string; search?: string };
export type TreePage = { skip: number; limit: number };

/** An ILIKE pattern for a search text, its wildcards taken literally. */
const likeOf = (search: string | undefined) => (search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : null);

const TREE_COLUMNS = 'u.id, u.account, u.nickname, u.role, u.level, u.status, u.parent_id, t.depth, u.created_at';

/**
 * Lower users of one agent, newest first, with the filtered total. `direct` reads depth 1 through
 * (ancestor_id, depth, descendant_id); all lower walks the key (ancestor_id, descendant_id)
 * backwards, so a page stops after `limit` rows when no filter drops any.
 */
export async function lowerUsers(sql: Sql, agentId: bigint, direct: boolean, f: TreeFilter, page: TreePage) {
  const r = await sql.query<TreeUserRow & { total: bigint }>(
    `SELECT ${TREE_COLUMNS}, count(*) OVER () AS total
     FROM user_tree t JOIN users u ON u.id = t.descendant_id
     WHERE t.ancestor_id = $1 AND ${direct ? 't.depth = 1' : 't.depth > 0'}
       AND ($2::text IS NULL OR u.role = $2) AND ($3::text IS NULL OR u.status = $3)
       AND ($4::text IS NULL OR u.account ILIKE $4 OR u.nickname ILIKE $4)
     ORDER BY t.descendant_id DESC OFFSET $5 LIMIT $6`,
    [agentId, f.role ?? null, f.status ?? null, likeOf(f.search), page.skip, page.limit],
  );
  return { rows: r.rows.map(({ total: _, ...row }) => row), total: Number(r.rows[0]?.total ?? 0) };
}

export type DownlineRow = TreeUserRow & {
  parent_account: string | null;
  money: bigint | null;
  point: bigint | null;
  rolling_json: Record<string, number>;
  parent_rolling_json: Record<string, number> | null;
};
export type DownlineScope = { direct: boolean; agentsOnly: boolean };

/**
 * The agent's downline page for its list screens: the same walk as lowerUsers (indexed),
 * `agentsOnly` leaving members out; balances and the parent's account are read for the page's
 * rows only, after the limit.
 */
export async function downlinePage(sql: Sql, agentId: bigint, scope: DownlineScope, f: TreeFilter, page: TreePage) {
  const where = `WHERE t.ancestor_id = $1 AND ${scope.direct ? 't.depth = 1' : 't.depth > 0'} AND ($5::boolean IS FALSE OR u.role <> 'user')
             AND ($2::text IS NULL OR u.role = $2) AND ($3::text IS NULL OR u.status = $3)
             AND ($4::text IS NULL OR u.account ILIKE $4 OR u.nickname ILIKE $4)`;
  const filter = [agentId, f.role ?? null, f.status ?? null, likeOf(f.search), scope.agentsOnly];
  const plainCount = !f.status && !f.search && !scope.agentsOnly && (!f.role || f.role === 'user');
  // The count apart from the page: a window count over the page query carried every matching row
  // (jsonb rolling rates included) to the top; alone it reads only the narrow columns it filters on,
  // and the page walks the key backwards and stops at its limit (decision 030, "Reads at scale").
  const [r, n] = await Promise.all([
    sql.query<DownlineRow>(
      `SELECT p.*, pa.account AS parent_account, pa.rolling_json AS parent_rolling_json,
       (SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = p.id AND asset = 'money') AS money,
       (SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = p.id AND asset = 'point') AS point
     FROM (SELECT ${TREE_COLUMNS}, u.rolling_json
           FROM user_tree t JOIN users u ON u.id = t.descendant_id
           ${where}
           ORDER BY t.descendant_id DESC OFFSET $6 LIMIT $7) p
     LEFT JOIN users pa ON pa.id = p.parent_id
     ORDER BY p.id DESC`,
      [...filter, page.skip, page.limit],
    ),
    plainCount
      ? memberCount(sql, agentId, scope.direct, f.role === 'user')
      : sql.query<{ n: bigint }>(`SELECT count(*) AS n FROM user_tree t JOIN users u ON u.id = t.descendant_id ${where}`, filter),
  ]);
  return { rows: r.rows, total: Number(n.rows[0]?.n ?? 0) };
}

const AGENT_ROLES = ['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop'];

/**
 * The count of a list with no filter but "members": the subtree's user_tree entries (an
 * index-only count), less its agents (a few hundred, by the role index) when only members count.
 */
function memberCount(sql: Sql, agentId: bigint, direct: boolean, membersOnly: boolean) {
  const depth = direct ? 't.depth = 1' : 't.depth > 0';
  return sql.query<{ n: bigint }>(
    `SELECT (SELECT count(*) FROM user_tree t WHERE t.ancestor_id = $1 AND ${depth})
          - (SELECT count(*) FROM users u JOIN user_tree t ON t.ancestor_id = $1 AND t.descendant_id = u.id AND ${depth}
             WHERE $2::boolean AND u.role = ANY($3::text[])) AS n`,
    [agentId, membersOnly, AGENT_ROLES],
  );
}

/** The user itself (depth 0) then each ancestor up to the root. */
export async function pathToRoot(sql: Sql, userId: bigint) {
  const r = await sql.query<TreeUserRow>(
    `SELECT ${TREE_COLUMNS} FROM user_tree t JOIN users u ON u.id = t.ancestor_id WHERE t.descendant_id = $1 ORDER BY t.depth`,
    [userId],
  );
  return r.rows;
}

export type AncestorRow = { user_id: bigint; ancestor_id: bigint; depth: number; rolling_json: Record<string, number | string> };

/**
 * The ancestors (depth 1 = parent, up to the root) of many users at once, with their rolling
 * rates: one statement on user_tree's (descendant_id, depth) index, ordered by user then depth.
 */
export async function pathsToRoot(sql: Sql, userIds: bigint[]) {
  if (userIds.length === 0) return [];
  const r = await sql.query<AncestorRow>(
    `SELECT t.descendant_id AS user_id, t.ancestor_id, t.depth, a.rolling_json
       FROM user_tree t JOIN users a ON a.id = t.ancestor_id
      WHERE t.descendant_id = ANY($1::bigint[]) AND t.depth > 0
      ORDER BY t.descendant_id, t.depth`,
    [userIds.map(String)],
    'agents_paths_to_root',
  );
  return r.rows;
}

/** Those of `userIds` strictly below the agent (the agent itself left out): one probe of user_tree's key per id. */
export async function lowerIdsOf(sql: Sql, agentId: bigint, userIds: bigint[]) {
  const r = await sql.query<{ id: bigint }>(
    'SELECT descendant_id AS id FROM user_tree WHERE ancestor_id = $1 AND descendant_id = ANY($2::bigint[]) AND depth > 0',
    [agentId, userIds.map(String)],
  );
  return new Set(r.rows.map((x) => BigInt(x.id)));
}

/** Whether `userId` is `agentId` or below it: one primary-key probe. */
export async function isInSubtree(sql: Sql, agentId: bigint, userId: bigint) {
  const r = await sql.query('SELECT 1 FROM user_tree WHERE ancestor_id = $1 AND descendant_id = $2', [agentId, userId]);
  return r.rows.length > 0;
}

export type MoveSubject = { id: bigint; role: string; parent_id: bigint | null; propirty: number };

/** A user with its tier, for the move rules. */
export async function findWithTier(sql: Sql, userId: bigint) {
  const r = await sql.query<MoveSubject>('SELECT u.id, u.role, u.parent_id, r.propirty FROM users u JOIN roles r ON r.name = u.role WHERE u.id = $1', [userId]);
  return r.rows[0];
}

/**
 * Locks the user and its whole subtree FOR UPDATE: an account being created under any of them
 * (its parent_id foreign key takes KEY SHARE) waits until the move commits, then reads the new paths.
 */
export async function lockSubtree(sql: Sql, userId: bigint) {
  const subtree = 'ARRAY(SELECT descendant_id FROM user_tree WHERE ancestor_id = $1)';
  await sql.query(`SELECT u.id FROM ${lockedMembers({ ids: subtree, many: true })} u`, [userId]);
}

/** Sets the parent; the trigger user_tree_move moves the subtree's paths in the same statement. */
export async function setParent(sql: Sql, userId: bigint, parentId: bigint, at: Date) {
  await sql.query('UPDATE users SET parent_id = $2, updated_at = $3 WHERE id = $1', [userId, parentId, at]);
}

export type ParentMove = { user_id: bigint; old_parent_id: bigint | null; new_parent_id: bigint; moved_by: bigint | null; moved_at: Date; memo: string | null };

export async function insertParentMove(sql: Sql, m: ParentMove) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO user_parent_history (user_id, old_parent_id, new_parent_id, moved_by, moved_at, memo) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [m.user_id, m.old_parent_id, m.new_parent_id, m.moved_by, m.moved_at, m.memo],
  );
  return r.rows[0].id;
}

export type ParentMoveRow = ParentMove & { id: bigint; account: string; old_parent_account: string | null; new_parent_account: string | null; total: bigint };

/** Moves newest first, of one user or of everyone, with the total. */
export async function parentHistory(sql: Sql, userId: bigint | null, page: TreePage) {
  const r = await sql.query<ParentMoveRow>(
    `SELECT h.*, u.account, o.account AS old_parent_account, n.account AS new_parent_account, count(*) OVER () AS total
     FROM user_parent_history h JOIN users u ON u.id = h.user_id
       LEFT JOIN users o ON o.id = h.old_parent_id LEFT JOIN users n ON n.id = h.new_parent_id
     WHERE $1::bigint IS NULL OR h.user_id = $1
     ORDER BY h.moved_at DESC, h.id DESC OFFSET $2 LIMIT $3`,
    [userId, page.skip, page.limit],
  );
  return { rows: r.rows, total: Number(r.rows[0]?.total ?? 0) };
}

/** Tree moves one at a time (the same key as the trigger user_tree_move), so cycle checks see every earlier move. */
export async function lockMoves(sql: Sql) {
  await sql.query('SELECT pg_advisory_xact_lock(7274023)');
}
