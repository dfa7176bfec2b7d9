import { systemClock, type Clock } from './clock.ts';
import { loadConfig, type Config } from './config.ts';
import { homeOf, openDb, type Db } from './db.ts';
import { relayChanges } from './events.ts';
import { migrate } from './migrate.ts';
import { relayPush } from './push.ts';
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
  // Caches (context poll, sessions, settings) are per process; with Redis, change notices
  // reach every process (decision 012), and so do server-push messages (odds, scores, draws) for
  // the SSE streams each process serves.
  if (config.redisUrl && !over.db) {
    const processId = cryptoRng.bytes(8).toString('hex');
    await relayChanges(config.redisUrl, homeOf(db), processId);
    await relayPush(config.redisUrl, homeOf(db), processId);
  }
  return { db, clock, rng: over.rng ?? cryptoRng, config, limiter, sms: over.sms ?? devSmsProvider() };
}
