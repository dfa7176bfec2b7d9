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
export type LockedUser = { id: bigint; parent_id: bigint | null; role: string; status: string; rolling_json: Record<string, number> };
export async function lockUsers(sql: Sql, ids: bigint[]) {
  return (await sql.query<LockedUser>(`SELECT id, parent_id, role, status, rolling_json FROM ${lockedMembers({ ids: '$1', many: true })} u`, [ids.map(String)]))
    .rows;
}

/** The profile columns an admin edits (decision 037). */
export type ProfileFields = {
  nickname: string;
  name: string | null;
  phone: string | null;
  level: number;
  nickname_color: string | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
};

export async function nicknameTakenByOther(sql: Sql, id: bigint, nickname: string) {
  return (await sql.query('SELECT 1 FROM users WHERE lower(nickname) = lower($2) AND id <> $1', [id, nickname])).rowCount > 0;
}

export async function setProfile(sql: Sql, id: bigint, p: ProfileFields, at: Date) {
  await sql.query(
    `UPDATE users SET nickname = $2, name = $3, phone = $4, level = $5, nickname_color = $6, bank_name = $7, bank_account = $8, bank_holder = $9,
       updated_at = $10 WHERE id = $1`,
    [id, p.nickname, p.name, p.phone, p.level, p.nickname_color, p.bank_name, p.bank_account, p.bank_holder, at],
  );
}

/**
 * Permanent delete (decision 037): the row stays, because postings, bets and audit rows refer to
 * it; what names a person goes. Account and nickname become `deleted-<id>` (unique, so both can
 * be taken again), the password hashes are replaced by values no password matches, and the
 * contact, bank and connection fields are cleared.
 */
export async function anonymise(sql: Sql, id: bigint, at: Date) {
  await sql.query(
    `UPDATE users SET account = 'deleted-' || id, nickname = 'deleted-' || id, referral_code = NULL, password_hash = '!deleted',
       exchange_password_hash = NULL, name = NULL, phone = NULL, bank_name = NULL, bank_account = NULL, bank_holder = NULL,
       birth_date = NULL, nickname_color = NULL, join_ip = NULL, join_device = NULL, last_ip = NULL, last_device = NULL,
       country = NULL, domain = NULL, last_path = NULL, status = 'deleted', updated_at = $2
     WHERE id = $1`,
    [id, at],
  );
}
