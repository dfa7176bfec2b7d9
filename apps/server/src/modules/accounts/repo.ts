import type { Sql } from '../../platform/db.ts';

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
