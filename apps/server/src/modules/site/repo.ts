import type { Sql } from '../../platform/db.ts';

/** SQL of attendance and the casino domains (issue 19, decision 040). */

export type Bonus = { streak_days: number; point: bigint };

export async function bonuses(sql: Sql) {
  return (await sql.query<Bonus>('SELECT streak_days, point FROM attendance_bonuses ORDER BY streak_days')).rows;
}

export async function replaceBonuses(sql: Sql, rows: { streak_days: number; point: number }[]) {
  await sql.query('DELETE FROM attendance_bonuses');
  if (rows.length === 0) return;
  await sql.query('INSERT INTO attendance_bonuses (streak_days, point) SELECT * FROM unnest($1::int[], $2::bigint[])', [
    rows.map((r) => r.streak_days),
    rows.map((r) => String(r.point)),
  ]);
}

/** The bonus of the longest rule not above the streak (0 without one). */
export async function bonusFor(sql: Sql, streak: number) {
  const r = await sql.query<{ point: bigint }>('SELECT point FROM attendance_bonuses WHERE streak_days <= $1 ORDER BY streak_days DESC LIMIT 1', [streak]);
  return r.rows[0] ? BigInt(r.rows[0].point) : 0n;
}

export type AttendanceRow = { day: string; streak: number; bonus: bigint };

export async function attendanceOn(sql: Sql, userId: bigint, day: string) {
  return (await sql.query<AttendanceRow>('SELECT day::text AS day, streak, bonus FROM attendance WHERE user_id = $1 AND day = $2::date', [userId, day]))
    .rows[0];
}

export async function insertAttendance(sql: Sql, a: { userId: bigint; day: string; streak: number; bonus: bigint; at: Date }) {
  await sql.query('INSERT INTO attendance (user_id, day, streak, bonus, created_at) VALUES ($1, $2::date, $3, $4, $5)', [
    a.userId,
    a.day,
    a.streak,
    a.bonus,
    a.at,
  ]);
}

export async function memberMonth(sql: Sql, userId: bigint, from: string, to: string) {
  return (
    await sql.query<AttendanceRow>(
      'SELECT day::text AS day, streak, bonus FROM attendance WHERE user_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day',
      [userId, from, to],
    )
  ).rows;
}

/** One member's attended days, newest first (the primary key (user_id, day) serves the order). */
export async function memberDays(sql: Sql, userId: bigint, skip: number, limit: number) {
  const [rows, total] = await Promise.all([
    sql.query<AttendanceRow & { created_at: Date }>(
      'SELECT day::text AS day, streak, bonus, created_at FROM attendance WHERE user_id = $1 ORDER BY day DESC OFFSET $2 LIMIT $3',
      [userId, skip, limit],
    ),
    sql.query<{ n: number }>('SELECT count(*)::int AS n FROM attendance WHERE user_id = $1', [userId]),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
}

export async function attendanceList(sql: Sql, f: { from: string; to: string; search?: string }, skip: number, limit: number) {
  const where = `a.day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR u.account ILIKE '%' || $3 || '%' OR u.nickname ILIKE '%' || $3 || '%')`;
  const args = [f.from, f.to, f.search ?? null];
  const [rows, total] = await Promise.all([
    sql.query<{ user_id: bigint; account: string; nickname: string; day: string; streak: number; bonus: bigint; created_at: Date }>(
      `SELECT a.user_id, u.account, u.nickname, a.day::text AS day, a.streak, a.bonus, a.created_at
         FROM attendance a JOIN users u ON u.id = a.user_id WHERE ${where} ORDER BY a.day DESC, a.created_at DESC OFFSET $4 LIMIT $5`,
      [...args, skip, limit],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM attendance a JOIN users u ON u.id = a.user_id WHERE ${where}`, args),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
}

// ---- domains

export type DomainRow = { id: bigint; domain: string; created_at: Date };

export async function domains(sql: Sql) {
  return (await sql.query<DomainRow>('SELECT id, domain, created_at FROM site_domains ORDER BY domain')).rows;
}

export async function insertDomain(sql: Sql, domain: string, at: Date) {
  const r = await sql.query<{ id: bigint }>('INSERT INTO site_domains (domain, created_at) VALUES ($1, $2) ON CONFLICT (domain) DO NOTHING RETURNING id', [
    domain,
    at,
  ]);
  return r.rows[0]?.id ?? null;
}

export async function deleteDomain(sql: Sql, id: bigint) {
  return (await sql.query<DomainRow>('DELETE FROM site_domains WHERE id = $1 RETURNING *', [id])).rows[0];
}
