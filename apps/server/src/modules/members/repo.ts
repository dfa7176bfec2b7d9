import type { Sql } from '../../platform/db.ts';
import { lockedMembers } from './lock.ts';

export type UserRow = {
  id: bigint;
  account: string;
  password_hash: string;
  nickname: string;
  name: string | null;
  phone: string | null;
  role: string;
  parent_id: bigint | null;
  level: number;
  status: string;
  referral_code: string | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
  exchange_password_hash: string | null;
  nickname_color: string | null;
  rolling_json: Record<string, number>;
  role_setting: Record<string, boolean>;
  settings_json: Record<string, number>;
  agent_theme: string;
  language: string;
  restrictions: Record<string, boolean>;
  created_at: Date;
};

export async function findByAccount(sql: Sql, account: string) {
  return (await sql.query<UserRow>('SELECT * FROM users WHERE lower(account) = lower($1)', [account])).rows[0];
}

export async function getById(sql: Sql, id: bigint) {
  return (await sql.query<UserRow>('SELECT * FROM users WHERE id = $1', [id])).rows[0];
}

export async function statusOf(sql: Sql, id: bigint) {
  return (await sql.query<{ status: string; role: string }>('SELECT status, role FROM users WHERE id = $1', [id])).rows[0];
}

export async function lockUser(sql: Sql, id: bigint) {
  return (await sql.query<UserRow>(`SELECT * FROM ${lockedMembers({ ids: '$1' })} u`, [id], 'lock_member')).rows[0];
}

export async function setStatus(sql: Sql, id: bigint, status: string, at: Date) {
  await sql.query('UPDATE users SET status = $2, updated_at = $3 WHERE id = $1', [id, status, at]);
}

export async function recordLogin(sql: Sql, id: bigint, ip: string, device: string | null, country: string | null, domain: string | null, at: Date) {
  await sql.query(
    `UPDATE users SET last_login_at = $2, last_activity_at = $2, last_ip = $3, last_device = $4,
       country = coalesce($5, country), domain = coalesce($6, domain), visit_count = visit_count + 1 WHERE id = $1`,
    [id, at, ip, device, country, domain],
  );
}

export async function recordActivity(sql: Sql, id: bigint, path: string, at: Date) {
  await sql.query('UPDATE users SET last_activity_at = $2, last_path = $3 WHERE id = $1', [id, at, path]);
}

export async function setLanguage(sql: Sql, id: bigint, language: string) {
  await sql.query('UPDATE users SET language = $2 WHERE id = $1', [id, language]);
}

export async function accountExists(sql: Sql, account: string) {
  return (
    (await sql.query('SELECT 1 FROM users WHERE lower(account) = lower($1) UNION ALL SELECT 1 FROM admins WHERE lower(account) = lower($1)', [account]))
      .rowCount > 0
  );
}

export async function nicknameExists(sql: Sql, nickname: string) {
  return (await sql.query('SELECT 1 FROM users WHERE lower(nickname) = lower($1)', [nickname])).rowCount > 0;
}

export async function findAgentByCode(sql: Sql, code: string) {
  return (await sql.query<{ id: bigint; status: string }>(`SELECT id, status FROM users WHERE referral_code = $1 AND role <> 'user'`, [code])).rows[0];
}

export async function bankExists(sql: Sql, name: string) {
  return (await sql.query('SELECT 1 FROM banks WHERE name = $1', [name])).rowCount > 0;
}

export async function listBanks(sql: Sql, includeAdminOnly: boolean) {
  return (await sql.query<{ name: string }>('SELECT name FROM banks WHERE $1 OR NOT admin_only ORDER BY sort', [includeAdminOnly])).rows.map((r) => r.name);
}

export async function insertUser(
  sql: Sql,
  u: {
    account: string;
    passwordHash: string;
    nickname: string;
    name: string | null;
    phone: string | null;
    role: string;
    parentId: bigint | null;
    level: number;
    status: string;
    referralCode: string | null;
    bankName: string | null;
    bankAccount: string | null;
    bankHolder: string | null;
    exchangePasswordHash: string | null;
    birthDate?: string | null;
    rollingJson?: object;
    roleSetting?: object;
    settingsJson?: object;
    joinIp?: string | null;
    joinDevice?: string | null;
    at: Date;
  },
) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, name, phone, role, parent_id, level, status, referral_code,
       bank_name, bank_account, bank_holder, exchange_password_hash, birth_date, rolling_json, role_setting, settings_json,
       join_ip, join_device, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16::jsonb,$17::jsonb,$18::jsonb,$19,$20,$21,$21)
     RETURNING id`,
    [
      u.account,
      u.passwordHash,
      u.nickname,
      u.name,
      u.phone,
      u.role,
      u.parentId,
      u.level,
      u.status,
      u.referralCode,
      u.bankName,
      u.bankAccount,
      u.bankHolder,
      u.exchangePasswordHash,
      u.birthDate ?? null,
      JSON.stringify(u.rollingJson ?? {}),
      JSON.stringify(u.roleSetting ?? {}),
      JSON.stringify(u.settingsJson ?? {}),
      u.joinIp ?? null,
      u.joinDevice ?? null,
      u.at,
    ],
  );
  return r.rows[0].id;
}

export async function counts(sql: Sql) {
  return (
    await sql.query<{ members: number; agents: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE role = 'user' AND status NOT IN ('deleted'))::int AS members,
              count(*) FILTER (WHERE role <> 'user' AND status NOT IN ('deleted'))::int AS agents,
              count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM users`,
    )
  ).rows[0];
}

// ---- SMS verification

export async function insertSms(sql: Sql, key: string, phone: string, codeHash: string, at: Date, expiresAt: Date) {
  await sql.query('INSERT INTO sms_verifications (sms_key, phone, code_hash, created_at, expires_at) VALUES ($1,$2,$3,$4,$5)', [
    key,
    phone,
    codeHash,
    at,
    expiresAt,
  ]);
}

export async function lockSms(sql: Sql, key: string) {
  return (
    await sql.query<{ sms_key: string; phone: string; code_hash: string; attempts: number; expires_at: Date; verified_at: Date | null; used_at: Date | null }>(
      'SELECT * FROM sms_verifications WHERE sms_key = $1 FOR UPDATE',
      [key],
    )
  ).rows[0];
}

export async function smsAttempt(sql: Sql, key: string, verifiedAt: Date | null) {
  await sql.query('UPDATE sms_verifications SET attempts = attempts + 1, verified_at = coalesce($2, verified_at) WHERE sms_key = $1', [key, verifiedAt]);
}

export async function smsUse(sql: Sql, key: string, at: Date) {
  await sql.query('UPDATE sms_verifications SET used_at = $2 WHERE sms_key = $1', [key, at]);
}

export async function list(sql: Sql, f: { status?: string; role?: 'user' | 'agent'; search?: string }, skip: number, limit: number) {
  const where = `WHERE ($1::text IS NULL OR u.status = $1)
      AND ($2::text IS NULL OR ($2 = 'user' AND u.role = 'user') OR ($2 = 'agent' AND u.role <> 'user'))
      AND ($3::text IS NULL OR u.account ILIKE '%' || $3 || '%' OR u.nickname ILIKE '%' || $3 || '%' OR u.name ILIKE '%' || $3 || '%')`;
  const params = [f.status ?? null, f.role ?? null, f.search ?? null];
  const rows = (
    await sql.query<
      UserRow & { parent_account: string | null; money: bigint | null; point: bigint | null; join_ip: string | null; last_login_at: Date | null }
    >(
      `SELECT u.*, p.account AS parent_account,
              (SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = u.id AND asset = 'money') AS money,
              (SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = u.id AND asset = 'point') AS point
       FROM users u LEFT JOIN users p ON p.id = u.parent_id ${where} ORDER BY u.id DESC OFFSET $4 LIMIT $5`,
      [...params, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${where}`, params)).rows[0].n;
  return { rows, total };
}

export async function setRestrictions(sql: Sql, id: bigint, restrictions: Record<string, boolean>, at: Date) {
  await sql.query('UPDATE users SET restrictions = $2::jsonb, updated_at = $3 WHERE id = $1', [id, JSON.stringify(restrictions), at]);
}

export async function setSettingsJson(sql: Sql, id: bigint, settings: object, at: Date) {
  await sql.query('UPDATE users SET settings_json = $2::jsonb, updated_at = $3 WHERE id = $1', [id, JSON.stringify(settings), at]);
}

export async function restrictionsOf(sql: Sql, id: bigint) {
  return (await sql.query<{ restrictions: Record<string, boolean> }>('SELECT restrictions FROM users WHERE id = $1', [id])).rows[0]?.restrictions ?? {};
}

export async function setPasswordHash(sql: Sql, id: bigint, passwordHash: string, at: Date) {
  await sql.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, at]);
}
