import type { Sql } from '../../platform/db.ts';
import type { IdentityStatus } from '@wager/contracts';

export type IdentityRow = { status: IdentityStatus; document_note: string; admin_id: bigint; updated_at: Date };
export type IdentityHistoryRow = IdentityRow & { id: bigint };

/** The member's identity as last set; undefined when no admin has set it (unverified). */
export async function getIdentity(sql: Sql, userId: bigint) {
  const r = await sql.query<IdentityRow>('SELECT status, document_note, admin_id, updated_at FROM member_identity WHERE user_id = $1', [userId]);
  return r.rows[0];
}

/** Sets the status and appends it to the history, in the caller's transaction. */
export async function setIdentity(sql: Sql, userId: bigint, row: { status: IdentityStatus; note: string; adminId: bigint; at: Date }) {
  await sql.query(
    `INSERT INTO member_identity (user_id, status, document_note, admin_id, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET status = $2, document_note = $3, admin_id = $4, updated_at = $5`,
    [userId, row.status, row.note, row.adminId, row.at],
  );
  await sql.query('INSERT INTO member_identity_history (user_id, status, document_note, admin_id, created_at) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    row.status,
    row.note,
    row.adminId,
    row.at,
  ]);
}

/** The member's identity history, newest first (at most 100 rows: a status changes a handful of times). */
export async function identityHistory(sql: Sql, userId: bigint) {
  const r = await sql.query<IdentityHistoryRow>(
    `SELECT id, status, document_note, admin_id, created_at AS updated_at FROM member_identity_history WHERE user_id = $1 ORDER BY id DESC LIMIT 100`,
    [userId],
  );
  return r.rows;
}
