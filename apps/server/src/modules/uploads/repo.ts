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
