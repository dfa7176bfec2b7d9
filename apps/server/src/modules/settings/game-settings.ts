import { GAME_KEY, gameSettingsSchema, type GameSettings, type LevelBetSettings } from '@wager/contracts';
import { homeOf, type Db, type Sql } from '../../platform/db.ts';
import { notifyChange, onChange } from '../../platform/events.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { zodToBadRequest } from '../../platform/http.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as repo from './repo.ts';

// Read on every bet: cached per database, dropped by any settings change notice ('all').
const cache = new WeakMap<object, Map<string, GameSettings>>();
onChange((home, c) => {
  if (c.topic === 'all') cache.delete(home);
});

function checkKey(game: string) {
  if (!GAME_KEY.test(game)) throw badRequest(`Unknown game: ${game}`, 'game', 'game_unknown', { game });
}

function parse(raw: unknown): GameSettings {
  const r = gameSettingsSchema.safeParse(raw ?? {});
  // A stored value that no longer fits the schema falls back to the defaults rather than
  // closing the game.
  return r.success ? r.data : gameSettingsSchema.parse({});
}

/** A game's settings (defaults where never written); `sql` may be an open transaction. */
export async function getGameSettings(db: Db | Sql, game: string): Promise<GameSettings> {
  checkKey(game);
  const home = homeOf(db);
  let m = cache.get(home);
  if (!m) cache.set(home, (m = new Map()));
  const hit = m.get(game);
  if (hit) return hit;
  const value = parse(await repo.readGame(db, game));
  m.set(game, value);
  return value;
}

/** The per-level bet settings of a member's level (1–7). */
export function levelSettings(s: GameSettings, level: number): LevelBetSettings {
  const key = String(Math.min(7, Math.max(1, Math.trunc(level)))) as keyof GameSettings['levels'];
  return s.levels[key];
}

/** Every stored game key with its settings (the admin list). */
export async function listGameSettings(db: Db) {
  return (await repo.readGames(db)).map((r) => ({ game: r.game, settings: parse(r.settings), updated_at: r.updated_at.toISOString() }));
}

/** Validates and stores a partial change of one game's settings, with an audit row. */
export async function updateGameSettings(db: Db, clock: Clock, actor: Actor, game: string, patch: Record<string, unknown>): Promise<GameSettings> {
  checkKey(game);
  const next = await db.tx(async (sql) => {
    const before = parse(await repo.lockGame(sql, game));
    const merged = { ...before, ...patch, levels: { ...before.levels, ...((patch.levels as object | undefined) ?? {}) } };
    const parsed = gameSettingsSchema.safeParse(merged);
    if (!parsed.success) throw zodToBadRequest(parsed.error);
    await repo.upsertGame(sql, game, parsed.data, `${actor.type}:${actor.id ?? ''}`, clock.now());
    await writeAudit(sql, clock, { actor, action: 'game_settings.update', target: `game:${game}`, before, after: parsed.data });
    return parsed.data;
  });
  cache.delete(homeOf(db));
  notifyChange(homeOf(db), { topic: 'all' });
  return next;
}
