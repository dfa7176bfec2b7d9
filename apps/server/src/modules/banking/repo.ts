import type { BonusGame } from '@wager/contracts';
import type { Sql } from '../../platform/db.ts';

export type BankRequestRow = {
  id: bigint;
  user_id: bigint;
  type: 'charge' | 'exchange';
  amount: bigint;
  status: 'waiting' | 'approved' | 'refused' | 'cancelled' | 'completed';
  request_id: string;
  holder: string | null;
  bank_name: string | null;
  bank_account: string | null;
  money_after: bigint | null;
  bonus_point: bigint;
  bonus_game: BonusGame | null;
  flag: 'possible_duplicate' | 'double' | null;
  memo: string | null;
  created_at: Date;
  processed_at: Date | null;
};

export async function findByRequestId(sql: Sql, userId: bigint, type: string, requestId: string) {
  return (await sql.query<BankRequestRow>('SELECT * FROM bank_requests WHERE user_id = $1 AND type = $2 AND request_id = $3', [userId, type, requestId]))
    .rows[0];
}

export async function lastRequest(sql: Sql, userId: bigint, type: string, excludeStatuses: string[] = []) {
  return (
    await sql.query<BankRequestRow>(
      'SELECT * FROM bank_requests WHERE user_id = $1 AND type = $2 AND NOT (status = ANY($3::text[])) ORDER BY created_at DESC, id DESC LIMIT 1',
      [userId, type, excludeStatuses],
    )
  ).rows[0];
}

export async function sameAmountSince(sql: Sql, userId: bigint, type: string, amount: bigint, since: Date) {
  return (
    await sql.query<{ created_at: Date }>(
      `SELECT created_at FROM bank_requests WHERE user_id = $1 AND type = $2 AND amount = $3 AND created_at >= $4 AND status <> 'refused'
       ORDER BY created_at DESC LIMIT 1`,
      [userId, type, amount, since],
    )
  ).rows[0];
}

export async function countSince(sql: Sql, userId: bigint, type: string, since: Date, statuses: string[]) {
  return (
    await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bank_requests WHERE user_id = $1 AND type = $2 AND created_at >= $3 AND status = ANY($4::text[])',
      [userId, type, since, statuses],
    )
  ).rows[0].n;
}

export async function approvedTotal(sql: Sql, userId: bigint) {
  return (
    (
      await sql.query<{ total: bigint | null }>(
        `SELECT sum(amount)::bigint AS total FROM bank_requests WHERE user_id = $1 AND type = 'charge' AND status IN ('approved','completed')`,
        [userId],
      )
    ).rows[0].total ?? 0n
  );
}

export async function approvedChargesSince(sql: Sql, userId: bigint, since: Date) {
  return (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bank_requests WHERE user_id = $1 AND type = 'charge' AND status IN ('approved','completed') AND processed_at >= $2`,
      [userId, since],
    )
  ).rows[0].n;
}

export async function insert(
  sql: Sql,
  r: {
    userId: bigint;
    type: string;
    amount: bigint;
    requestId: string;
    holder: string | null;
    bankName: string | null;
    bankAccount: string | null;
    flag: string | null;
    moneyAfter: bigint | null;
    at: Date;
    bonusGame?: BonusGame;
  },
) {
  return (
    await sql.query<BankRequestRow>(
      `INSERT INTO bank_requests (user_id, type, amount, request_id, holder, bank_name, bank_account, flag, money_after, created_at, bonus_game)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [r.userId, r.type, r.amount, r.requestId, r.holder, r.bankName, r.bankAccount, r.flag, r.moneyAfter, r.at, r.bonusGame ?? null],
    )
  ).rows[0];
}

// ---- exchange-password guard (read and written under the member lock)

export type PasswordGuardRow = { user_id: bigint; failures: number; locked_until: Date | null };

export async function passwordGuard(sql: Sql, userId: bigint) {
  return (await sql.query<PasswordGuardRow>('SELECT user_id, failures, locked_until FROM exchange_password_guards WHERE user_id = $1', [userId])).rows[0];
}

export async function savePasswordGuard(sql: Sql, userId: bigint, failures: number, lockedUntil: Date | null, at: Date) {
  await sql.query(
    `INSERT INTO exchange_password_guards (user_id, failures, locked_until, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET failures = $2, locked_until = $3, updated_at = $4`,
    [userId, failures, lockedUntil, at],
  );
}

export async function ownerOf(sql: Sql, type: string, id: bigint) {
  return (await sql.query<{ user_id: bigint }>('SELECT user_id FROM bank_requests WHERE id = $1 AND type = $2', [id, type])).rows[0]?.user_id;
}

export async function lock(sql: Sql, type: string, id: bigint) {
  return (await sql.query<BankRequestRow>('SELECT * FROM bank_requests WHERE id = $1 AND type = $2 FOR UPDATE', [id, type])).rows[0];
}

export async function setStatus(
  sql: Sql,
  id: bigint,
  status: string,
  at: Date,
  by: bigint | null,
  memo: string | null,
  bonus: bigint | null,
  moneyAfter: bigint | null,
) {
  return (
    await sql.query<BankRequestRow>(
      `UPDATE bank_requests SET status = $2, processed_at = $3, processed_by = $4, memo = coalesce($5, memo),
         bonus_point = coalesce($6, bonus_point), money_after = coalesce($7, money_after)
       WHERE id = $1 RETURNING *`,
      [id, status, at, by, memo, bonus, moneyAfter],
    )
  ).rows[0];
}

export async function setMoneyAfter(sql: Sql, id: bigint, moneyAfter: bigint) {
  return (await sql.query<BankRequestRow>('UPDATE bank_requests SET money_after = $2 WHERE id = $1 RETURNING *', [id, moneyAfter])).rows[0];
}

export async function userLogs(sql: Sql, userId: bigint, type: string, from: Date, to: Date, skip: number, limit: number) {
  const rows = (
    await sql.query<BankRequestRow>(
      'SELECT * FROM bank_requests WHERE user_id = $1 AND type = $2 AND created_at >= $3 AND created_at < $4 ORDER BY id DESC OFFSET $5 LIMIT $6',
      [userId, type, from, to, skip, limit],
    )
  ).rows;
  const total = (
    await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_requests WHERE user_id = $1 AND type = $2 AND created_at >= $3 AND created_at < $4', [
      userId,
      type,
      from,
      to,
    ])
  ).rows[0].n;
  return { rows, total };
}

/** The admin's deposit or withdrawal list: members' and agents' requests together, each with its requester's role. */
export async function adminList(sql: Sql, type: string, status: string | null, skip: number, limit: number, requester?: 'member' | 'agent') {
  // requester: null = everyone, 'member' = role user only, 'agent' = every other role.
  const where = `WHERE r.type = $1 AND ($2::text IS NULL OR r.status = $2)
    AND ($3::text IS NULL OR ($3 = 'member') = (u.role = 'user'))`;
  const params = [type, status, requester ?? null];
  const rows = (
    await sql.query<BankRequestRow & { account: string; nickname: string; level: number; role: string; holder_accounts: number }>(
      // holder_accounts: other accounts registered under the same depositor name (decision 041's flag).
      `SELECT r.*, u.account, u.nickname, u.level, u.role,
         (SELECT count(*)::int FROM users o WHERE o.bank_holder = r.holder AND o.id <> r.user_id) AS holder_accounts
       FROM bank_requests r JOIN users u ON u.id = r.user_id
       ${where} ORDER BY r.id DESC OFFSET $4 LIMIT $5`,
      [...params, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_requests r JOIN users u ON u.id = r.user_id ${where}`, params)).rows[0].n;
  return { rows, total };
}

// ---- conversions

export type ConversionRow = { id: bigint; user_id: bigint; kind: string; amount: bigint; before: bigint; after: bigint; request_id: string; created_at: Date };

export async function findConversion(sql: Sql, userId: bigint, requestId: string) {
  return (await sql.query<ConversionRow>('SELECT * FROM conversions WHERE user_id = $1 AND request_id = $2', [userId, requestId])).rows[0];
}

export async function insertConversion(
  sql: Sql,
  c: { userId: bigint; kind: string; amount: bigint; before: bigint; after: bigint; requestId: string; at: Date },
) {
  return (
    await sql.query<ConversionRow>(
      'INSERT INTO conversions (user_id, kind, amount, before, after, request_id, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING *',
      [c.userId, c.kind, c.amount, c.before, c.after, c.requestId, c.at],
    )
  ).rows[0];
}

export async function conversionLogs(sql: Sql, userId: bigint, from: Date, to: Date, skip: number, limit: number, kinds?: string[]) {
  const where = 'WHERE user_id = $1 AND hidden_at IS NULL AND created_at >= $2 AND created_at < $3 AND ($4::text[] IS NULL OR kind = ANY($4::text[]))';
  const params = [userId, from, to, kinds && kinds.length ? kinds : null];
  const rows = (await sql.query<ConversionRow>(`SELECT * FROM conversions ${where} ORDER BY id DESC OFFSET $5 LIMIT $6`, [...params, skip, limit])).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM conversions ${where}`, params)).rows[0].n;
  return { rows, total };
}

/** Hides the member's visible conversion records from their own history; returns how many. */
export async function hideConversions(sql: Sql, userId: bigint, at: Date) {
  return (await sql.query('UPDATE conversions SET hidden_at = $2 WHERE user_id = $1 AND hidden_at IS NULL', [userId, at])).rowCount;
}

// ---- permanent deposit account shown once per session (spec §5)

export async function hasChargeGrant(sql: Sql, sessionId: bigint, userId: bigint) {
  return (await sql.query('SELECT 1 FROM charge_account_grants WHERE session_id = $1 AND user_id = $2', [sessionId, userId])).rowCount > 0;
}

export async function grantChargeAccount(sql: Sql, sessionId: bigint, userId: bigint, at: Date) {
  await sql.query('INSERT INTO charge_account_grants (session_id, user_id, granted_at) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING', [
    sessionId,
    userId,
    at,
  ]);
}
