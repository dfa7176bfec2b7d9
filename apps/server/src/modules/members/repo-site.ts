import type { Sql } from '../../platform/db.ts';

/** SQL of the recommendation codes and the account blacklist (issue 19, decision 040). */

export type CodeRow = {
  id: bigint;
  code: string;
  agent_id: bigint;
  agent_account: string;
  valid_minutes: number;
  starts_at: Date;
  expires_at: Date;
  issued_at: Date;
  issued_by: string | null;
  memo: string | null;
  deleted_at: Date | null;
  used_by_account: string | null;
  used_at: Date | null;
};

const CODE_COLUMNS = `c.id, c.code, c.agent_id, g.account AS agent_account, c.valid_minutes, c.starts_at, c.expires_at, c.issued_at,
  a.account AS issued_by, c.memo, c.deleted_at, m.account AS used_by_account, c.used_at
  FROM recommend_codes c JOIN users g ON g.id = c.agent_id LEFT JOIN admins a ON a.id = c.issued_by LEFT JOIN users m ON m.id = c.used_by`;

/** The status filter as SQL over `c` (`$1` is now); mirrors `codeStatus` in codes.ts. */
const STATUS_WHERE: Record<string, string> = {
  used: 'c.used_by IS NOT NULL',
  waiting: 'c.used_by IS NULL AND c.starts_at > $1',
  expired: 'c.used_by IS NULL AND c.expires_at <= $1',
  available: 'c.used_by IS NULL AND c.starts_at <= $1 AND c.expires_at > $1',
};

export async function listCodes(sql: Sql, status: string | undefined, now: Date, skip: number, limit: number) {
  const where = `c.deleted_at IS NULL AND $1::timestamptz IS NOT NULL AND ${status ? STATUS_WHERE[status] : 'true'}`;
  const [rows, total] = await Promise.all([
    sql.query<CodeRow>(`SELECT ${CODE_COLUMNS} WHERE ${where} ORDER BY c.id DESC OFFSET $2 LIMIT $3`, [now, skip, limit]),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM recommend_codes c WHERE ${where}`, [now]),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
}

export async function codesByIds(sql: Sql, ids: bigint[]) {
  return (await sql.query<CodeRow>(`SELECT ${CODE_COLUMNS} WHERE c.id = ANY($1::bigint[]) ORDER BY c.id`, [ids.map(String)])).rows;
}

/** The code a member joined with (used by it), deleted or not: it is the member's history. */
export async function codeUsedBy(sql: Sql, userId: bigint) {
  return (await sql.query<CodeRow>(`SELECT ${CODE_COLUMNS} WHERE c.used_by = $1 ORDER BY c.id DESC LIMIT 1`, [userId])).rows[0] ?? null;
}

/** The live (not deleted) codes issued for an agent, newest first. */
export async function codesOfAgent(sql: Sql, agentId: bigint, skip: number, limit: number) {
  const [rows, total] = await Promise.all([
    sql.query<CodeRow>(`SELECT ${CODE_COLUMNS} WHERE c.agent_id = $1 AND c.deleted_at IS NULL ORDER BY c.id DESC OFFSET $2 LIMIT $3`, [agentId, skip, limit]),
    sql.query<{ n: number }>('SELECT count(*)::int AS n FROM recommend_codes c WHERE c.agent_id = $1 AND c.deleted_at IS NULL', [agentId]),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
}

export async function insertCode(
  sql: Sql,
  c: { code: string; agentId: bigint; validMinutes: number; startsAt: Date; expiresAt: Date; issuedAt: Date; issuedBy: bigint | null; memo: string | null },
) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO recommend_codes (code, agent_id, valid_minutes, starts_at, expires_at, issued_at, issued_by, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING RETURNING id`,
    [c.code, c.agentId, c.validMinutes, c.startsAt, c.expiresAt, c.issuedAt, c.issuedBy, c.memo],
  );
  return r.rows[0]?.id ?? null;
}

/** The code locked for its single use (join) or its deletion. */
export async function lockCode(sql: Sql, code: string) {
  return (
    await sql.query<{ id: bigint; agent_id: bigint; starts_at: Date; expires_at: Date; deleted_at: Date | null; used_by: bigint | null }>(
      'SELECT id, agent_id, starts_at, expires_at, deleted_at, used_by FROM recommend_codes WHERE code = $1 FOR UPDATE',
      [code],
    )
  ).rows[0];
}

export async function lockCodeById(sql: Sql, id: bigint) {
  return (
    await sql.query<{ id: bigint; code: string; deleted_at: Date | null; used_by: bigint | null }>(
      'SELECT id, code, deleted_at, used_by FROM recommend_codes WHERE id = $1 FOR UPDATE',
      [id],
    )
  ).rows[0];
}

export async function useCode(sql: Sql, id: bigint, userId: bigint, at: Date) {
  await sql.query('UPDATE recommend_codes SET used_by = $2, used_at = $3 WHERE id = $1', [id, userId, at]);
}

export async function deleteCode(sql: Sql, id: bigint, at: Date) {
  await sql.query('UPDATE recommend_codes SET deleted_at = $2 WHERE id = $1', [id, at]);
}

export async function agentForCode(sql: Sql, account: string) {
  return (await sql.query<{ id: bigint; status: string }>(`SELECT id, status FROM users WHERE lower(account) = lower($1) AND role <> 'user'`, [account]))
    .rows[0];
}

// ---- account blacklist

export type BlacklistRow = { id: bigint; kind: string; value: string; memo: string | null; created_at: Date };

export async function listBlacklist(sql: Sql, kind: string | undefined, skip: number, limit: number) {
  const [rows, total] = await Promise.all([
    sql.query<BlacklistRow>('SELECT * FROM account_blacklist WHERE ($1::text IS NULL OR kind = $1) ORDER BY id DESC OFFSET $2 LIMIT $3', [
      kind ?? null,
      skip,
      limit,
    ]),
    sql.query<{ n: number }>('SELECT count(*)::int AS n FROM account_blacklist WHERE ($1::text IS NULL OR kind = $1)', [kind ?? null]),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
}

export async function insertBlacklist(sql: Sql, kind: string, value: string, memo: string | null, at: Date) {
  const r = await sql.query<{ id: bigint }>(
    'INSERT INTO account_blacklist (kind, value, memo, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, value) DO NOTHING RETURNING id',
    [kind, value, memo, at],
  );
  return r.rows[0]?.id ?? null;
}

export async function deleteBlacklist(sql: Sql, id: bigint) {
  return (await sql.query<BlacklistRow>('DELETE FROM account_blacklist WHERE id = $1 RETURNING *', [id])).rows[0];
}

/** The first listed entry among an account, a phone and a bank account (values already normalised). */
export async function blacklistHit(sql: Sql, v: { account: string | null; phone: string | null; bankAccount: string | null }) {
  return (
    await sql.query<{ kind: string }>(
      `SELECT kind FROM account_blacklist
        WHERE (kind = 'account' AND value = lower($1)) OR (kind = 'phone' AND value = $2) OR (kind = 'bank_account' AND value = $3)
        LIMIT 1`,
      [v.account, v.phone, v.bankAccount],
    )
  ).rows[0];
}
