import type { Sql } from '../../platform/db.ts';

/** Domain access history (issue 19, decision 040): which domain each member or agent session came from. */
export async function domainSessions(sql: Sql, f: { start: Date; end: Date; domain?: string }, skip: number, limit: number) {
  const where = `s.domain IS NOT NULL AND s.audience IN ('user', 'agent') AND s.created_at >= $1 AND s.created_at < $2 AND ($3::text IS NULL OR s.domain = $3)`;
  const args = [f.start, f.end, f.domain ?? null];
  const [rows, counts] = await Promise.all([
    sql.query<{ id: bigint; audience: string; account: string | null; domain: string; ip: string; device: string | null; created_at: Date }>(
      `SELECT s.id, s.audience, u.account, s.domain, s.ip, s.device, s.created_at
         FROM sessions s LEFT JOIN users u ON u.id = s.subject_id
        WHERE ${where} ORDER BY s.created_at DESC, s.id DESC OFFSET $4 LIMIT $5`,
      [...args, skip, limit],
    ),
    sql.query<{ domain: string; sessions: number }>(
      `SELECT s.domain, count(*)::int AS sessions FROM sessions s WHERE ${where} GROUP BY s.domain ORDER BY sessions DESC, s.domain`,
      args,
    ),
  ]);
  return { rows: rows.rows, counts: counts.rows, total: counts.rows.reduce((n, c) => n + c.sessions, 0) };
}
