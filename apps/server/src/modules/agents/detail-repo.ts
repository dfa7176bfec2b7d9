import type { Sql } from '../../platform/db.ts';

/** The users columns spec §3 "Member or agent" shows, with the parent's account. */
export type ProfileRow = {
  id: bigint;
  account: string;
  nickname: string;
  name: string | null;
  phone: string | null;
  referral_code: string | null;
  parent_account: string | null;
  role: string;
  level: number;
  status: string;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
  has_exchange_password: boolean;
  nickname_color: string | null;
  last_ip: string | null;
  join_ip: string | null;
  last_device: string | null;
  country: string | null;
  domain: string | null;
  birth_date: string | null;
  visit_count: number;
  created_at: Date;
  last_login_at: Date | null;
  last_activity_at: Date | null;
  rolling_json: Record<string, number | string>;
};

/** One user by id (the caller has checked the subtree); the exchange password only as set or not. */
export async function profile(sql: Sql, userId: bigint) {
  const r = await sql.query<ProfileRow>(
    `SELECT u.id, u.account, u.nickname, u.name, u.phone, u.referral_code, p.account AS parent_account, u.role, u.level, u.status,
       u.bank_name, u.bank_account, u.bank_holder, u.exchange_password_hash IS NOT NULL AS has_exchange_password, u.nickname_color,
       u.last_ip, u.join_ip, u.last_device, u.country, u.domain, to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date, u.visit_count,
       u.created_at, u.last_login_at, u.last_activity_at, u.rolling_json
     FROM users u LEFT JOIN users p ON p.id = u.parent_id WHERE u.id = $1`,
    [userId],
  );
  return r.rows[0];
}

export async function exists(sql: Sql, userId: bigint) {
  return (await sql.query('SELECT 1 FROM users WHERE id = $1', [userId])).rowCount > 0;
}
