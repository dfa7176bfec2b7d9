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
  const r = await sql.query<{ id: bigint }>('INSERT INTO messages (user_id, subject, content, sender, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    userId,
    subject,
    content,
    sender,
    at,
  ]);
  return r.rows[0].id;
}

// ---- notes

export type MessageRow = { id: bigint; kind: string; subject: string; content: string; sender: string; created_at: Date; readed_at: Date | null };

export async function listMessages(sql: Sql, userId: bigint, skip: number, limit: number) {
  const rows = (
    await sql.query<MessageRow>(
      `SELECT id, kind, subject, content, sender, created_at, readed_at FROM messages
       WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
      [userId, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND deleted_at IS NULL', [userId])).rows[0].n;
  return { rows, total };
}

/** Marks the member's unread notes read; `ids` null means all of them. Answers how many changed. */
export async function markMessagesRead(sql: Sql, userId: bigint, ids: bigint[] | null, at: Date) {
  const r = await sql.query(
    `UPDATE messages SET readed_at = $2 WHERE user_id = $1 AND readed_at IS NULL AND deleted_at IS NULL
     ${ids ? 'AND id = ANY($3::bigint[])' : ''}`,
    ids ? [userId, at, ids] : [userId, at],
  );
  return r.rowCount;
}

export async function lockMessage(sql: Sql, userId: bigint, id: bigint) {
  return (
    await sql.query<{ id: bigint; readed_at: Date | null }>(
      'SELECT id, readed_at FROM messages WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE',
      [id, userId],
    )
  ).rows[0];
}

export async function deleteMessage(sql: Sql, id: bigint, at: Date) {
  await sql.query('UPDATE messages SET deleted_at = $2 WHERE id = $1', [id, at]);
}

export async function deleteReadMessages(sql: Sql, userId: bigint, at: Date) {
  return (await sql.query('UPDATE messages SET deleted_at = $2 WHERE user_id = $1 AND readed_at IS NOT NULL AND deleted_at IS NULL', [userId, at])).rowCount;
}

// ---- admin sends

/** Who a send reaches (spec §6 targets); withdrawn and deleted accounts receive nothing. */
const RECIPIENTS = {
  all: `SELECT id FROM users WHERE role = 'user'`,
  agents: `SELECT id FROM users WHERE role <> 'user'`,
  user: `SELECT id FROM users WHERE id = $5::bigint`,
  level: `SELECT id FROM users WHERE role = 'user' AND level = $5::int`,
  agent_lower_direct: `SELECT id FROM users WHERE parent_id = $5::bigint`,
  agent_lower_all: `WITH RECURSIVE tree AS (
      SELECT id FROM users WHERE parent_id = $5::bigint
      UNION SELECT u.id FROM users u JOIN tree t ON u.parent_id = t.id)
    SELECT id FROM tree`,
} as const;
export type SendTarget = keyof typeof RECIPIENTS;

export async function insertSend(
  sql: Sql,
  s: { adminId: bigint | null; target: SendTarget; userId: bigint | null; level: number | null; subject: string; content: string; at: Date },
) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO message_sends (admin_id, target, target_user_id, target_level, subject, content, sent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7) RETURNING id`,
    [s.adminId, s.target, s.userId, s.level, s.subject, s.content, s.at],
  );
  return r.rows[0].id;
}

/** One note per recipient of the send that `recipientFilter` (SQL over `u`) admits; answers how many were written. */
export async function insertSendMessages(
  sql: Sql,
  sendId: bigint,
  target: SendTarget,
  arg: bigint | number | null,
  subject: string,
  content: string,
  at: Date,
  recipientFilter = 'TRUE',
) {
  const r = await sql.query(
    `INSERT INTO messages (user_id, subject, content, sender, created_at, send_id)
     SELECT u.id, $1, $2, 'admin', $3, $4 FROM (${RECIPIENTS[target]}) r JOIN users u ON u.id = r.id
     WHERE u.status NOT IN ('withdrawn', 'deleted') AND ${recipientFilter}`,
    target === 'all' || target === 'agents' ? [subject, content, at, sendId] : [subject, content, at, sendId, arg],
  );
  await sql.query('UPDATE message_sends SET sent = $2 WHERE id = $1', [sendId, r.rowCount]);
  return r.rowCount;
}

export type SendRow = {
  id: bigint;
  target: SendTarget;
  target_account: string | null;
  target_level: number | null;
  subject: string;
  content: string;
  sent: number;
  read: number;
  admin: string | null;
  created_at: Date;
};

/** The note box's sent notes, newest first, with how many recipients have read each. */
export async function listSends(sql: Sql, skip: number, limit: number) {
  const rows = (
    await sql.query<SendRow>(
      `SELECT s.id, s.target, u.account AS target_account, s.target_level, s.subject, s.content, s.sent, s.created_at,
              a.account AS admin,
              (SELECT count(*)::int FROM messages m WHERE m.send_id = s.id AND m.readed_at IS NOT NULL) AS read
       FROM message_sends s
       LEFT JOIN users u ON u.id = s.target_user_id
       LEFT JOIN admins a ON a.id = s.admin_id
       ORDER BY s.id DESC OFFSET $1 LIMIT $2`,
      [skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM message_sends')).rows[0].n;
  return { rows, total };
}

export async function userRole(sql: Sql, id: bigint) {
  return (await sql.query<{ role: string; status: string }>('SELECT role, status FROM users WHERE id = $1', [id])).rows[0];
}

// ---- inquiries

export type InquiryRow = {
  id: bigint;
  user_id: bigint;
  kind: string;
  subject: string;
  content: string;
  answer: string | null;
  status: 'waiting' | 'answered';
  created_at: Date;
  answered_at: Date | null;
  readed_at: Date | null;
  closed_at: Date | null;
};

export async function listInquiries(sql: Sql, userId: bigint, skip: number, limit: number) {
  const rows = (
    await sql.query<InquiryRow>('SELECT * FROM inquiries WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3', [
      userId,
      skip,
      limit,
    ])
  ).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM inquiries WHERE user_id = $1 AND deleted_at IS NULL', [userId])).rows[0].n;
  return { rows, total };
}

export async function insertInquiry(sql: Sql, i: { userId: bigint; kind: 'normal' | 'quick_account'; subject: string; content: string; at: Date }) {
  const r = await sql.query<{ id: bigint }>('INSERT INTO inquiries (user_id, kind, subject, content, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    i.userId,
    i.kind,
    i.subject,
    i.content,
    i.at,
  ]);
  return r.rows[0].id;
}

export async function openQuickAccountInquiry(sql: Sql, userId: bigint) {
  return (
    await sql.query<{ id: bigint }>(
      `SELECT id FROM inquiries WHERE user_id = $1 AND kind = 'quick_account' AND status = 'waiting' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
      [userId],
    )
  ).rows[0];
}

/** A live inquiry, locked; `userId` limits it to that member's own. */
export async function lockInquiry(sql: Sql, id: bigint, userId?: bigint) {
  return (
    await sql.query<InquiryRow>(
      `SELECT * FROM inquiries WHERE id = $1 AND deleted_at IS NULL ${userId === undefined ? '' : 'AND user_id = $2'} FOR UPDATE`,
      userId === undefined ? [id] : [id, userId],
    )
  ).rows[0];
}

export async function markInquiryRead(sql: Sql, id: bigint, at: Date) {
  await sql.query('UPDATE inquiries SET readed_at = $2 WHERE id = $1', [id, at]);
}

/** Soft-deletes the member's inquiry `id`, or all of them when `id` is null. */
export async function deleteInquiries(sql: Sql, userId: bigint, id: bigint | null, at: Date) {
  const r = await sql.query(
    `UPDATE inquiries SET deleted_at = $2 WHERE user_id = $1 AND deleted_at IS NULL ${id === null ? '' : 'AND id = $3'}`,
    id === null ? [userId, at] : [userId, at, id],
  );
  return r.rowCount;
}

export async function listAllInquiries(sql: Sql, status: string | undefined, skip: number, limit: number) {
  const params: unknown[] = status ? [status] : [];
  const where = `FROM inquiries i JOIN users u ON u.id = i.user_id WHERE i.deleted_at IS NULL ${status ? 'AND i.status = $1' : ''}`;
  const n = params.length;
  const rows = (
    await sql.query<InquiryRow & { role: string; account: string; nickname: string }>(
      `SELECT i.*, u.role, u.account, u.nickname ${where} ORDER BY i.id DESC OFFSET $${n + 1} LIMIT $${n + 2}`,
      [...params, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, params)).rows[0].n;
  return { rows, total };
}

/** A new answer is unread again for the member, so it counts in unread_reply_total. */
export async function answerInquiry(sql: Sql, id: bigint, answer: string, adminId: bigint | null, at: Date) {
  await sql.query(
    `UPDATE inquiries SET answer = $2, status = 'answered', answered_at = $3, answered_by = $4, readed_at = NULL, closed_at = NULL WHERE id = $1`,
    [id, answer, at, adminId],
  );
}

/** Back to waiting; the earlier answer text stays on the row (and in the audit) but is not shown. */
export async function setInquiriesWaiting(sql: Sql, ids: bigint[]) {
  return (
    await sql.query<{ id: bigint }>(
      `UPDATE inquiries SET status = 'waiting', answered_at = NULL, readed_at = NULL, closed_at = NULL
       WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL AND status = 'answered' RETURNING id`,
      [ids],
    )
  ).rows.map((r) => r.id);
}

/**
 * Closes waiting inquiries without a written answer (decision 038): done for the member
 * (answered, nothing unread to read) and marked closed for the admin list.
 */
export async function closeInquiries(sql: Sql, ids: bigint[], adminId: bigint | null, at: Date) {
  return (
    await sql.query<{ id: bigint }>(
      `UPDATE inquiries SET status = 'answered', answer = NULL, answered_at = $2, answered_by = $3, readed_at = $2, closed_at = $2
       WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL AND status = 'waiting' RETURNING id`,
      [ids, at, adminId],
    )
  ).rows.map((r) => r.id);
}

/** Soft-deletes inquiries of any member; answers the ids and subjects that were live. */
export async function deleteInquiriesByIds(sql: Sql, ids: bigint[], at: Date) {
  return (
    await sql.query<{ id: bigint; subject: string }>(
      'UPDATE inquiries SET deleted_at = $2 WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL RETURNING id, subject',
      [ids, at],
    )
  ).rows;
}

// ---- templates

export type TemplateRow = { id: bigint; kind: 'note' | 'inquiry'; subject: string; content: string; created_at: Date };

export async function listTemplates(sql: Sql, kind: string, skip: number, limit: number) {
  const rows = (
    await sql.query<TemplateRow>('SELECT id, kind, subject, content, created_at FROM templates WHERE kind = $1 ORDER BY id DESC OFFSET $2 LIMIT $3', [
      kind,
      skip,
      limit,
    ])
  ).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM templates WHERE kind = $1', [kind])).rows[0].n;
  return { rows, total };
}

export async function insertTemplate(sql: Sql, t: { kind: string; subject: string; content: string; adminId: bigint | null; at: Date }) {
  const r = await sql.query<{ id: bigint }>('INSERT INTO templates (kind, subject, content, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    t.kind,
    t.subject,
    t.content,
    t.adminId,
    t.at,
  ]);
  return r.rows[0].id;
}

/** Every template of a kind, newest first, for the pickers (a handful per kind). */
export async function allTemplates(sql: Sql, kind: string) {
  return (
    await sql.query<{ id: bigint; subject: string; content: string }>('SELECT id, subject, content FROM templates WHERE kind = $1 ORDER BY id DESC LIMIT 500', [
      kind,
    ])
  ).rows;
}

/** Answers the template as it was before the change, or undefined when there is none. */
export async function updateTemplate(sql: Sql, id: bigint, subject: string, content: string) {
  return (
    await sql.query<{ subject: string; content: string }>(
      `UPDATE templates t SET subject = $2, content = $3 FROM (SELECT id, subject, content FROM templates WHERE id = $1 FOR UPDATE) old
       WHERE t.id = old.id RETURNING old.subject, old.content`,
      [id, subject, content],
    )
  ).rows[0];
}

export async function deleteTemplate(sql: Sql, id: bigint) {
  return (await sql.query<TemplateRow>('DELETE FROM templates WHERE id = $1 RETURNING id, kind, subject, content, created_at', [id])).rows[0];
}
