import { systemClock, type Clock } from './clock.ts';
import { loadConfig, type Config } from './config.ts';
import { openDb, type Db } from './db.ts';
import { migrate } from './migrate.ts';
import { memoryRateLimiter, redisRateLimiter } from './rate-limit.ts';
import { cryptoRng, type Rng } from './rng.ts';
import { devSmsProvider, type SmsProvider } from './sms.ts';
import type { Deps } from './deps.ts';

/** Opens the database, applies migrations and wires the defaults; anything can be overridden. */
export async function createDeps(over: Partial<Deps> & { config?: Config; db?: Db; clock?: Clock; rng?: Rng; sms?: SmsProvider } = {}): Promise<Deps> {
  const config = over.config ?? loadConfig();
  const clock = over.clock ?? systemClock;
  const db = over.db ?? (await openDb({ url: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db);
  const limiter = over.limiter ?? (config.redisUrl ? await redisRateLimiter(config.redisUrl) : memoryRateLimiter(clock));
  return { db, clock, rng: over.rng ?? cryptoRng, config, limiter, sms: over.sms ?? devSmsProvider() };
}
