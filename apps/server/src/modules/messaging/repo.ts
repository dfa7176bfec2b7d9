import type { Sql } from '../../platform/db.ts';

export async function unreadCounts(sql: Sql, userId: bigint) {
  return (
    await sql.query<{ messages: number; replies: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE user_id = $1 AND readed_at IS NULL AND deleted_at IS NULL) AS messages,
              (SELECT count(*)::int FROM inquiries WHERE user_id = $1 AND status = 'answered' AND readed_at IS NULL AND deleted_at IS NULL) AS replies`,
      [userId],
    )
  ).rows[0];
}

export async function insertMessage(sql: Sql, userId: bigint, subject: string, content: string, sender: string, at: Date) {
  const r = await sql.query<{ id: bigint }>(
    'INSERT INTO messages (user_id, subject, content, sender, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [userId, subject, content, sender, at],
  );
  return r.rows[0].id;
}
