import type { Sql } from '../../platform/db.ts';

/**
 * The upload signing secret lives in the settings table under a key the settings schema does
 * not know, so it is never served by settings/get and never editable through settings/update.
 */
const KEY = 'upload_signing_secret';

export async function readSigningSecret(sql: Sql) {
  return (await sql.query<{ value: string }>('SELECT value #>> $2::text[] AS value FROM settings WHERE key = $1', [KEY, '{}'])).rows[0]?.value;
}

/** First writer wins: two servers starting together end up with the same secret. */
export async function insertSigningSecret(sql: Sql, secretHex: string, at: Date) {
  await sql.query(
    `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, to_jsonb($2::text), $3, 'system') ON CONFLICT (key) DO NOTHING`,
    [KEY, secretHex, at],
  );
}

export type UploadRow = {
  file: string;
  owner: string;
  session_id: bigint;
  bytes: bigint;
  created_at: Date;
  stored_at: Date | null;
  attached_at: Date | null;
  deleted_at: Date | null;
};

export async function insertUpload(sql: Sql, u: { file: string; owner: string; sessionId: bigint; at: Date }) {
  await sql.query('INSERT INTO uploads (file, owner, session_id, created_at) VALUES ($1, $2, $3, $4)', [u.file, u.owner, u.sessionId, u.at]);
}

export async function findUpload(sql: Sql, file: string) {
  return (await sql.query<UploadRow>('SELECT * FROM uploads WHERE file = $1', [file])).rows[0];
}

/** One account's uploads at a time (its quota is decided from its earlier uploads), until the transaction ends. */
export async function lockOwner(sql: Sql, owner: string) {
  await sql.query('SELECT pg_advisory_xact_lock(7274051, hashtext($1))', [owner]);
}

/** Bytes stored since `since` (deleted files too: they were uploaded), and bytes held now. */
export async function usage(sql: Sql, owner: string, since: Date) {
  const r = await sql.query<{ recent: bigint; held: bigint }>(
    `SELECT coalesce(sum(bytes) FILTER (WHERE stored_at >= $2), 0)::int8 AS recent,
            coalesce(sum(bytes) FILTER (WHERE deleted_at IS NULL), 0)::int8 AS held
     FROM uploads WHERE owner = $1 AND stored_at IS NOT NULL`,
    [owner, since],
  );
  return r.rows[0];
}

/** Records the stored bytes; false when the link was used already (a link stores one file, once). */
export async function markStored(sql: Sql, file: string, bytes: number, at: Date) {
  const r = await sql.query('UPDATE uploads SET bytes = $2, stored_at = $3 WHERE file = $1 AND stored_at IS NULL', [file, bytes, at]);
  return r.rowCount === 1;
}

export async function markAttached(sql: Sql, files: string[], at: Date) {
  if (files.length) await sql.query('UPDATE uploads SET attached_at = $2 WHERE file = ANY($1::text[]) AND attached_at IS NULL', [files, at]);
}

/** Marks unused files deleted; answers those marked (a file content took meanwhile is kept). */
export async function markDeleted(sql: Sql, files: string[], at: Date) {
  if (files.length === 0) return [];
  const r = await sql.query<{ file: string }>(
    'UPDATE uploads SET deleted_at = $2 WHERE file = ANY($1::text[]) AND attached_at IS NULL AND deleted_at IS NULL RETURNING file',
    [files, at],
  );
  return r.rows.map((x) => x.file);
}

/** Stored files no content used yet, uploaded before `before`, oldest first. */
export async function unattachedBefore(sql: Sql, before: Date, limit: number) {
  return (
    await sql.query<{ file: string; created_at: Date }>(
      `SELECT file, created_at FROM uploads
       WHERE attached_at IS NULL AND deleted_at IS NULL AND stored_at IS NOT NULL AND created_at < $1
       ORDER BY created_at LIMIT $2`,
      [before, limit],
    )
  ).rows;
}

/** Rows no quota needs any more: links never used after they expired, deleted files past the longest window. */
export async function dropSpent(sql: Sql, unusedBefore: Date, deletedBefore: Date) {
  await sql.query('DELETE FROM uploads WHERE (stored_at IS NULL AND created_at < $1) OR deleted_at < $2', [unusedBefore, deletedBefore]);
}

/**
 * Of `files`, those some content uses: every place an upload's URL can be saved (rich text of
 * posts, comments, notes, inquiries and answers, templates and pop-ups; post thumbnails, pop-up
 * and banner images; the admin's sound settings). Content written before the oldest file was
 * uploaded cannot hold its name (names are random), so the large tables are read from a day before
 * `since` on (a day's margin for rows stamped by the database's clock rather than the injected one).
 */
export async function referencedFiles(sql: Sql, files: string[], since: Date) {
  if (files.length === 0) return [];
  const r = await sql.query<{ f: string }>(
    `SELECT f FROM unnest($1::text[]) AS f
     WHERE EXISTS (SELECT 1 FROM posts WHERE updated_at >= $2 AND (strpos(content, f) > 0 OR strpos(coalesce(thumbnail, ''), f) > 0))
        OR EXISTS (SELECT 1 FROM post_comments WHERE created_at >= $2 AND strpos(content, f) > 0)
        OR EXISTS (SELECT 1 FROM messages WHERE created_at >= $2 AND strpos(content, f) > 0)
        OR EXISTS (SELECT 1 FROM message_sends WHERE created_at >= $2 AND strpos(content, f) > 0)
        OR EXISTS (SELECT 1 FROM inquiries WHERE created_at >= $2 AND strpos(content, f) > 0)
        OR EXISTS (SELECT 1 FROM inquiries WHERE answered_at >= $2 AND strpos(coalesce(answer, ''), f) > 0)
        OR EXISTS (SELECT 1 FROM templates WHERE strpos(content, f) > 0)
        OR EXISTS (SELECT 1 FROM popups WHERE strpos(content, f) > 0 OR strpos(coalesce(image_src, ''), f) > 0)
        OR EXISTS (SELECT 1 FROM banners WHERE strpos(image_src, f) > 0)
        OR EXISTS (SELECT 1 FROM settings WHERE strpos(value::text, f) > 0)`,
    [files, new Date(since.getTime() - 86_400_000)],
  );
  return r.rows.map((x) => x.f);
}
