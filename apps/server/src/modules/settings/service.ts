import { homeOf, type Db, type Sql } from '../../platform/db.ts';
import { notifyChange, onChange } from '../../platform/events.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { zodToBadRequest } from '../../platform/http.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as repo from './repo.ts';
import { SETTING_KEYS, settingsSchema, type Settings } from './schema.ts';

export { settingsSchema, type Settings } from './schema.ts';

// Settings are read on every request; a cache keeps that off the database. Dropped at once by a change notice ('all': every settings write, relayed between processes
// with REDIS_URL), so the TTL is only a backstop for processes without Redis.
const TTL_MS = 60_000;
const cache = new WeakMap<object, { at: number; value: Settings }>();
onChange((home, c) => {
  if (c.topic === 'all') cache.delete(home);
});

function parseStored(rows: { key: string; value: unknown }[]): Settings {
  const raw: Record<string, unknown> = {};
  for (const r of rows) if ((SETTING_KEYS as string[]).includes(r.key)) raw[r.key] = r.value;
  const parsed = settingsSchema.safeParse(raw);
  // A stored value that no longer fits the schema falls back to its default rather than
  // taking the whole site down.
  if (parsed.success) return parsed.data;
  const good: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (settingsSchema.shape[k as keyof Settings].safeParse(v).success) good[k] = v;
  return settingsSchema.parse(good);
}

/** Uncached read inside an open transaction (for code that only holds a transaction). */
export async function readSettings(sql: Sql): Promise<Settings> {
  return parseStored(await repo.readAll(sql));
}

/** Cached settings; `sql` may be an open transaction (hot paths such as placeBet). */
export async function getSettings(db: Db | Sql): Promise<Settings> {
  const home = homeOf(db);
  const hit = cache.get(home);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = parseStored(await repo.readAll(db));
  cache.set(home, { at: Date.now(), value });
  return value;
}

/** Validates and stores a partial change, writing one audit row with before and after. */
export async function updateSettings(db: Db, clock: Clock, actor: Actor, patch: Record<string, unknown>): Promise<Settings> {
  const keys = Object.keys(patch);
  if (keys.length === 0) throw badRequest('No settings given.', 'settings', 'settings_empty');
  for (const k of keys) if (!(SETTING_KEYS as string[]).includes(k)) throw badRequest(`Unknown setting: ${k}`, k, 'setting_unknown', { key: k });
  const next = await db.tx(async (sql: Sql) => {
    const before = parseStored(await repo.readAll(sql));
    await repo.lockKeys(sql, keys);
    const merged = { ...before, ...patch };
    const parsed = settingsSchema.safeParse(merged);
    // Code 'validation' with the field, rule and bounds, as for any body that fails its schema.
    if (!parsed.success) throw zodToBadRequest(parsed.error);
    const at = clock.now();
    for (const k of keys) await repo.upsert(sql, k, parsed.data[k as keyof Settings], `${actor.type}:${actor.id ?? ''}`, at);
    const pick = (s: Settings) => Object.fromEntries(keys.map((k) => [k, s[k as keyof Settings]]));
    await writeAudit(sql, clock, { actor, action: 'settings.update', target: 'settings', before: pick(before), after: pick(parsed.data) });
    return parsed.data;
  });
  cache.delete(homeOf(db));
  notifyChange(homeOf(db), { topic: 'all' });
  return next;
}

/** The settings every admin page's frame reads: skin, dark mode, receipt printer and alert sounds. */
export async function readAdminShell(db: Db) {
  const { admin_skin, admin_dark_mode, receipt_printer, sound } = await getSettings(db);
  return { admin_skin, admin_dark_mode, receipt_printer, sound };
}

export { getGameSettings, levelSettings, listGameSettings, updateGameSettings } from './game-settings.ts';
