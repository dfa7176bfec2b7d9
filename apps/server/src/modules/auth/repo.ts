import type { Sql } from '../../platform/db.ts';

export type SessionRow = {
  id: bigint;
  token_hash: string;
  prev_token_hash: string | null;
  prev_valid_until: Date | null;
  audience: string;
  subject_id: bigint;
  language: string | null;
  created_at: Date;
  rotated_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  /** Opened by the password of an admin (or obliged agent) without a second factor: enrolment only. */
  two_factor_pending: boolean;
};

export async function insertSession(
  sql: Sql,
  s: {
    tokenHash: string;
    audience: string;
    subjectId: bigint;
    device: string | null;
    ip: string;
    country: string | null;
    domain: string | null;
    language: string | null;
    at: Date;
    expiresAt: Date;
    twoFactorPending: boolean;
  },
) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO sessions (token_hash, audience, subject_id, device, ip, country, domain, language, created_at, rotated_at, last_seen_at, expires_at, two_factor_pending)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9, $10, $11) RETURNING id`,
    [s.tokenHash, s.audience, s.subjectId, s.device, s.ip, s.country, s.domain, s.language, s.at, s.expiresAt, s.twoFactorPending],
  );
  return r.rows[0].id;
}

/** The session a token opens: current token, or the previous one within its grace period. */
export async function findByToken(sql: Sql, tokenHash: string, at: Date) {
  const r = await sql.query<SessionRow & { via_prev: boolean }>(
    `SELECT *, false AS via_prev FROM sessions WHERE token_hash = $1
     UNION ALL
     SELECT *, true AS via_prev FROM sessions WHERE prev_token_hash = $1 AND prev_valid_until > $2
     LIMIT 1`,
    [tokenHash, at],
  );
  return r.rows[0];
}

export async function touch(sql: Sql, id: bigint, at: Date, expiresAt: Date) {
  await sql.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1 AND revoked_at IS NULL', [id, at, expiresAt]);
}

/** Rotates only if the presented token is still current, so parallel requests rotate once. */
export async function rotate(sql: Sql, id: bigint, oldHash: string, newHash: string, at: Date, graceUntil: Date) {
  const r = await sql.query(
    `UPDATE sessions SET token_hash = $3, prev_token_hash = $2, prev_valid_until = $5, rotated_at = $4
     WHERE id = $1 AND token_hash = $2 AND revoked_at IS NULL`,
    [id, oldHash, newHash, at, graceUntil],
  );
  return r.rowCount === 1;
}

export async function revoke(sql: Sql, id: bigint, at: Date, reason: string) {
  const r = await sql.query('UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [id, at, reason]);
  return r.rowCount === 1;
}

export async function revokeOthers(sql: Sql, audience: string, subjectId: bigint, keepId: bigint, at: Date, reason: string) {
  await sql.query(
    `UPDATE sessions SET revoked_at = $4, revoked_reason = $5
     WHERE audience = $1 AND subject_id = $2 AND id <> $3 AND revoked_at IS NULL`,
    [audience, subjectId, keepId, at, reason],
  );
}

export async function setLanguage(sql: Sql, id: bigint, language: string) {
  await sql.query('UPDATE sessions SET language = $2 WHERE id = $1', [id, language]);
}

export async function getSession(sql: Sql, id: bigint) {
  return (await sql.query<SessionRow>('SELECT * FROM sessions WHERE id = $1', [id])).rows[0];
}

export async function listLive(sql: Sql, at: Date, audience?: string) {
  return (
    await sql.query<{
      id: bigint;
      audience: string;
      subject_id: bigint;
      account: string | null;
      device: string | null;
      ip: string | null;
      country: string | null;
      domain: string | null;
      created_at: Date;
      last_seen_at: Date;
    }>(
      `SELECT s.id, s.audience, s.subject_id, coalesce(u.account, a.account) AS account, s.device, s.ip, s.country, s.domain,
              s.created_at, s.last_seen_at
       FROM sessions s
       LEFT JOIN users u ON s.audience IN ('user','agent') AND u.id = s.subject_id
       LEFT JOIN admins a ON s.audience = 'admin' AND a.id = s.subject_id
       WHERE s.revoked_at IS NULL AND s.expires_at > $1 AND ($2::text IS NULL OR s.audience = $2)
       ORDER BY s.last_seen_at DESC LIMIT 500`,
      [at, audience ?? null],
    )
  ).rows;
}

export type SubjectSessionRow = Pick<SessionRow, 'id' | 'created_at' | 'last_seen_at' | 'expires_at' | 'revoked_at' | 'revoked_reason'> & {
  ip: string | null;
  device: string | null;
  country: string | null;
  domain: string | null;
};

/** One member's or agent's sessions, newest first (sessions_subject_all_idx, migration 029), with the total. */
export async function subjectSessions(sql: Sql, subjectId: bigint, skip: number, limit: number) {
  const where = `FROM sessions WHERE audience IN ('user', 'agent') AND subject_id = $1`;
  const rows = (
    await sql.query<SubjectSessionRow>(
      `SELECT id, ip, device, country, domain, created_at, last_seen_at, expires_at, revoked_at, revoked_reason ${where} ORDER BY id DESC OFFSET $2 LIMIT $3`,
      [subjectId, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, [subjectId])).rows[0].n;
  return { rows, total };
}

/**
 * Whether the member or agent is online: an open session seen since `seenSince` (the partial
 * index sessions_subject_idx).
 */
export async function isOnline(sql: Sql, subjectId: bigint, at: Date, seenSince: Date) {
  const r = await sql.query(
    `SELECT 1 FROM sessions WHERE audience IN ('user', 'agent') AND subject_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at >= $3 LIMIT 1`,
    [subjectId, at, seenSince],
  );
  return r.rows.length > 0;
}

/** Open sessions seen since `seenSince` (sessions_seen_idx, migration 049). */
export async function countOnline(sql: Sql, at: Date, seenSince: Date) {
  return (
    await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL AND last_seen_at >= $2 AND expires_at > $1', [
      at,
      seenSince,
    ])
  ).rows[0].n;
}

export async function recordAttempt(sql: Sql, a: { audience: string; account: string; ip: string; success: boolean; reason: string | null; at: Date }) {
  await sql.query('INSERT INTO login_attempts (audience, account, ip, success, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    a.audience,
    a.account,
    a.ip,
    a.success,
    a.reason,
    a.at,
  ]);
}

/** Whether the account signed in successfully from this address since `since` (its owner's usual address). */
export async function signedInFrom(sql: Sql, audience: string, account: string, ip: string, since: Date) {
  const r = await sql.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM login_attempts WHERE audience = $1 AND lower(account) = lower($2) AND ip = $3 AND success AND created_at >= $4) AS known',
    [audience, account, ip, since],
  );
  return r.rows[0].known;
}

// ---- IP rules

export async function listIpRules(sql: Sql, kind?: string) {
  return (
    await sql.query<{ id: bigint; kind: string; ip: string; memo: string | null; created_at: Date }>(
      'SELECT id, kind, ip, memo, created_at FROM ip_rules WHERE ($1::text IS NULL OR kind = $1) ORDER BY id',
      [kind ?? null],
    )
  ).rows;
}

export async function insertIpRule(sql: Sql, kind: string, ip: string, memo: string | null, at: Date) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO ip_rules (kind, ip, memo, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind, ip) DO UPDATE SET memo = EXCLUDED.memo RETURNING id`,
    [kind, ip, memo, at],
  );
  return r.rows[0].id;
}

export async function deleteIpRule(sql: Sql, id: bigint) {
  return (await sql.query<{ id: bigint; kind: string; ip: string }>('DELETE FROM ip_rules WHERE id = $1 RETURNING id, kind, ip', [id])).rows[0];
}

// ---- admin identities (admins sign in here; their other data lives in the admin module)

export async function findAdminByAccount(sql: Sql, account: string) {
  return (
    await sql.query<{ id: bigint; account: string; nickname: string; password_hash: string; is_active: boolean }>(
      'SELECT id, account, nickname, password_hash, is_active FROM admins WHERE account = $1',
      [account],
    )
  ).rows[0];
}

export async function getAdmin(sql: Sql, id: bigint) {
  return (
    await sql.query<{ id: bigint; account: string; nickname: string; is_active: boolean; password_hash: string }>(
      'SELECT id, account, nickname, is_active, password_hash FROM admins WHERE id = $1',
      [id],
    )
  ).rows[0];
}

export async function insertAdmin(sql: Sql, account: string, passwordHash: string, nickname: string) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO admins (account, password_hash, nickname) VALUES ($1, $2, $3)
     ON CONFLICT (account) DO NOTHING RETURNING id`,
    [account, passwordHash, nickname],
  );
  return r.rows[0]?.id;
}

export type SubtreeSessionRow = {
  id: bigint;
  user_id: bigint;
  account: string;
  nickname: string;
  role: string;
  ip: string | null;
  device: string | null;
  country: string | null;
  domain: string | null;
  created_at: Date;
  last_seen_at: Date;
  online: boolean;
  total: bigint;
};

/**
 * Sessions of the accounts strictly below an agent (members and agents sign in as `user` and
 * `agent` with their users id), newest login first: every login, or only those online at `at`
 * (not revoked, not expired, seen since `seenSince`; the partial index on open sessions serves
 * that walk). The walk starts at the agent's closure rows, so nothing outside its subtree can appear.
 */
export async function subtreeSessions(
  sql: Sql,
  agentId: bigint,
  f: { online: boolean; search: string | null; at: Date; seenSince: Date },
  page: { skip: number; limit: number },
) {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const r = await sql.query<SubtreeSessionRow>(
    `SELECT s.id, s.subject_id AS user_id, u.account, u.nickname, u.role, s.ip, s.device, s.country, s.domain, s.created_at, s.last_seen_at,
       (s.revoked_at IS NULL AND s.expires_at > $3 AND s.last_seen_at >= $7) AS online, count(*) OVER () AS total
     FROM user_tree t JOIN users u ON u.id = t.descendant_id
       JOIN sessions s ON s.subject_id = t.descendant_id AND s.audience IN ('user', 'agent')
     WHERE t.ancestor_id = $1 AND t.depth > 0
       AND ($2::boolean IS FALSE OR (s.revoked_at IS NULL AND s.expires_at > $3 AND s.last_seen_at >= $7))
       AND ($4::text IS NULL OR u.account ILIKE $4 OR u.nickname ILIKE $4)
     ORDER BY s.id DESC OFFSET $5 LIMIT $6`,
    [agentId, f.online, f.at, like, page.skip, page.limit, f.seenSince],
  );
  return r.rows;
}

export async function revokeAll(sql: Sql, audience: string, subjectId: bigint, at: Date, reason: string) {
  await sql.query(`UPDATE sessions SET revoked_at = $3, revoked_reason = $4 WHERE audience = $1 AND subject_id = $2 AND revoked_at IS NULL`, [
    audience,
    subjectId,
    at,
    reason,
  ]);
}
