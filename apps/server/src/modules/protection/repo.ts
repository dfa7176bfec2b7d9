import type { Sql } from '../../platform/db.ts';

/** When the player last chose to continue after a reality check in this session, if ever. */
export async function lastAcknowledged(sql: Sql, sessionId: bigint): Promise<Date | undefined> {
  const r = await sql.query<{ acknowledged_at: Date }>('SELECT acknowledged_at FROM reality_checks WHERE session_id = $1', [sessionId]);
  return r.rows[0]?.acknowledged_at;
}

export async function acknowledge(sql: Sql, sessionId: bigint, at: Date) {
  await sql.query(
    `INSERT INTO reality_checks (session_id, acknowledged_at) VALUES ($1, $2)
     ON CONFLICT (session_id) DO UPDATE SET acknowledged_at = $2`,
    [sessionId, at],
  );
}
