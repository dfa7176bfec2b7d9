import type { Sql } from '../../platform/db.ts';
import { lockedMembers } from '../members/index.ts';

/** An account found by its code (`referral_code`, the account of every agent this module creates). */
export async function idByCode(sql: Sql, code: string) {
  return (await sql.query<{ id: bigint }>('SELECT id FROM users WHERE referral_code = $1', [code])).rows[0]?.id ?? null;
}

/** Which of the new account's names are already used (accounts and codes compare case-insensitively, as the join does). */
export async function namesTaken(sql: Sql, account: string, nickname: string) {
  const r = await sql.query<{ account: boolean; nickname: boolean }>(
    `SELECT
       EXISTS (SELECT 1 FROM users WHERE lower(account) = lower($1) OR lower(referral_code) = lower($1))
         OR EXISTS (SELECT 1 FROM admins WHERE lower(account) = lower($1)) AS account,
       EXISTS (SELECT 1 FROM users WHERE lower(nickname) = lower($2)) AS nickname`,
    [account, nickname],
  );
  return r.rows[0];
}

/** Admin-only banks are offered to admins only (members' join list hides them). */
export async function bankAllowed(sql: Sql, name: string, includeAdminOnly: boolean) {
  return (await sql.query('SELECT 1 FROM banks WHERE name = $1 AND ($2 OR NOT admin_only)', [name, includeAdminOnly])).rowCount > 0;
}

export async function setStatus(sql: Sql, id: bigint, status: string, at: Date) {
  await sql.query('UPDATE users SET status = $2, updated_at = $3 WHERE id = $1', [id, status, at]);
}

/** The rates of the user's direct lower accounts (read under the user's member lock, which every child's create or rate change also takes). */
export async function childRates(sql: Sql, id: bigint) {
  return (await sql.query<{ rolling_json: Record<string, number> }>('SELECT rolling_json FROM users WHERE parent_id = $1', [id])).rows.map(
    (r) => r.rolling_json,
  );
}

export async function setRolling(sql: Sql, id: bigint, rolling: object, at: Date) {
  await sql.query('UPDATE users SET rolling_json = $2, updated_at = $3 WHERE id = $1', [id, JSON.stringify(rolling), at]);
}

/** The account's parent id (null for a root), undefined when there is no such account. Not locked. */
export async function parentIdOf(sql: Sql, id: bigint) {
  const row = (await sql.query<{ parent_id: bigint | null }>('SELECT parent_id FROM users WHERE id = $1', [id])).rows[0];
  return row === undefined ? undefined : row.parent_id === null ? null : BigInt(row.parent_id);
}

/** The member locks of these accounts, taken in ascending id order. */
export async function lockUsers(sql: Sql, ids: bigint[]) {
  return (
    await sql.query<{ id: bigint; parent_id: bigint | null; role: string; status: string; rolling_json: Record<string, number> }>(
      `SELECT id, parent_id, role, status, rolling_json FROM ${lockedMembers({ ids: '$1', many: true })} u`,
      [ids.map(String)],
    )
  ).rows;
}
