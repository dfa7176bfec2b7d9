import type { Sql } from '../../platform/db.ts';

export async function readAll(sql: Sql) {
  return (await sql.query<{ key: string; value: unknown }>('SELECT key, value FROM settings')).rows;
}

export async function lockKeys(sql: Sql, keys: string[]) {
  return (await sql.query<{ key: string; value: unknown }>('SELECT key, value FROM settings WHERE key = ANY($1::text[]) FOR UPDATE', [keys])).rows;
}

export async function upsert(sql: Sql, key: string, value: unknown, by: string, at: Date) {
  await sql.query(
    `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [key, JSON.stringify(value), at, by],
  );
}
