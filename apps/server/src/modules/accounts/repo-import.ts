import type { Sql } from '../../platform/db.ts';

/** Of these accounts and nicknames, the ones already used (case-insensitive, as `namesTaken`), lower-cased. */
export async function takenNames(sql: Sql, accounts: string[], nicknames: string[]) {
  const r = await sql.query<{ kind: 'account' | 'nickname'; name: string }>(
    `SELECT 'account' AS kind, lower(account) AS name FROM users WHERE lower(account) = ANY($1::text[])
     UNION SELECT 'account', lower(referral_code) FROM users WHERE lower(referral_code) = ANY($1::text[])
     UNION SELECT 'account', lower(account) FROM admins WHERE lower(account) = ANY($1::text[])
     UNION SELECT 'nickname', lower(nickname) FROM users WHERE lower(nickname) = ANY($2::text[])`,
    [accounts.map((a) => a.toLowerCase()), nicknames.map((n) => n.toLowerCase())],
  );
  const out = { accounts: new Set<string>(), nicknames: new Set<string>() };
  for (const row of r.rows) (row.kind === 'account' ? out.accounts : out.nicknames).add(row.name);
  return out;
}

/** The bank names an admin may choose (admin-only banks included, as an admin's create allows). */
export async function bankNames(sql: Sql) {
  return new Set((await sql.query<{ name: string }>('SELECT name FROM banks')).rows.map((r) => r.name));
}

/** Accounts found by code (`referral_code`, as `idByCode`), with their tier. */
export async function accountsByCode(sql: Sql, codes: string[]) {
  const r = await sql.query<{ id: bigint; code: string; role: string }>(
    'SELECT id, referral_code AS code, role FROM users WHERE referral_code = ANY($1::text[])',
    [codes],
  );
  return new Map(r.rows.map((row) => [row.code, { id: BigInt(row.id), role: row.role }]));
}

export type ImportJobRow = {
  id: bigint;
  request_id: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  created: number;
  error_code: string | null;
};

export async function findImportJob(sql: Sql, by: { id?: bigint; requestId?: string }) {
  return (await sql.query<ImportJobRow>('SELECT * FROM member_import_jobs WHERE id = $1 OR request_id = $2', [by.id ?? null, by.requestId ?? null])).rows[0];
}

/** A new running job, or undefined when the request id already has one (a replay). */
export async function insertImportJob(sql: Sql, requestId: string, total: number, adminId: bigint, at: Date) {
  return (
    await sql.query<ImportJobRow>(
      `INSERT INTO member_import_jobs (request_id, status, total, started_by, started_at) VALUES ($1, 'running', $2, $3, $4)
       ON CONFLICT (request_id) DO NOTHING RETURNING *`,
      [requestId, total, adminId, at],
    )
  ).rows[0];
}

/** Marks a job still 'running' failed (a process stopped mid-import); answers the row as it now is. */
export async function failStaleImportJob(sql: Sql, id: bigint, startedBefore: Date, at: Date) {
  return (
    await sql.query<ImportJobRow>(
      `UPDATE member_import_jobs SET status = 'failed', error_code = 'import_interrupted', finished_at = $3
       WHERE id = $1 AND status = 'running' AND started_at < $2 RETURNING *`,
      [id, startedBefore, at],
    )
  ).rows[0];
}

export async function finishImportJob(sql: Sql, id: bigint, outcome: { created: number; errorCode: string | null }, at: Date) {
  await sql.query('UPDATE member_import_jobs SET status = $2, created = $3, error_code = $4, finished_at = $5 WHERE id = $1', [
    id,
    outcome.errorCode ? 'failed' : 'done',
    outcome.created,
    outcome.errorCode,
    at,
  ]);
}
