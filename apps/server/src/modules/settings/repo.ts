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

export async function readGame(sql: Sql, game: string) {
  return (await sql.query<{ settings: unknown }>('SELECT settings FROM game_settings WHERE game = $1', [game], 'game_settings_read')).rows[0]?.settings;
}

export async function readGames(sql: Sql) {
  return (await sql.query<{ game: string; settings: unknown; updated_at: Date }>('SELECT game, settings, updated_at FROM game_settings ORDER BY game')).rows;
}

export async function lockGame(sql: Sql, game: string) {
  return (await sql.query<{ settings: unknown }>('SELECT settings FROM game_settings WHERE game = $1 FOR UPDATE', [game])).rows[0]?.settings;
}

export async function upsertGame(sql: Sql, game: string, settings: unknown, by: string, at: Date) {
  await sql.query(
    `INSERT INTO game_settings (game, settings, updated_at, updated_by) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (game) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [game, JSON.stringify(settings), at, by],
  );
}
