import { ERROR_CODES } from '@wager/contracts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/**
 * Counters over a fixed window. In memory for one process; Redis (REDIS_URL) when several
 * server processes must share the counts.
 */
export type RateLimiter = {
  count(key: string): Promise<number>;
  add(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes back one `add` (never below zero): a reserved attempt that turned out not to count. */
  release(key: string): Promise<void>;
};

export function memoryRateLimiter(clock: Clock): RateLimiter {
  const hits = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const h = hits.get(key);
    if (h && h.until <= clock.now().getTime()) {
      hits.delete(key);
      return undefined;
    }
    return h;
  };
  return {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async add(key, windowMs) {
      const h = live(key) ?? { n: 0, until: clock.now().getTime() + windowMs };
      h.n++;
      hits.set(key, h);
      return h.n;
    },
    async reset(key) {
      hits.delete(key);
    },
    async release(key) {
      const h = live(key);
      if (h && h.n > 0) h.n--;
    },
  };
}

/** What a caller is answered while Redis is away: 503, nothing changed, retry later (decision 055). */
export const limiterUnavailable = () => new AppError(503, ERROR_CODES.temporarilyUnavailable, 'Temporarily unavailable. Please try again in a moment.');

/**
 * Counters in Redis. While Redis is away (a restart, a network cut) the client keeps reconnecting
 * by itself; each call meanwhile fails fast as `limiterUnavailable` (a retryable 503, never a
 * 500 or a crash), and the counters work again once Redis answers.
 */
export async function redisRateLimiter(url: string): Promise<RateLimiter & { close(): Promise<void> }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // Connection errors are reported by the calls that fail and by /readyz, not as unhandled events.
  redis.on('error', () => {});
  await redis.connect();
  const k = (key: string) => `rl:${key}`;
  const guard = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } catch {
      throw limiterUnavailable();
    }
  };
  return {
    count: (key) => guard(async () => Number((await redis.get(k(key))) ?? 0)),
    add: (key, windowMs) =>
      guard(async () => {
        const n = await redis.incr(k(key));
        if (n === 1) await redis.pexpire(k(key), windowMs);
        return n;
      }),
    reset: (key) =>
      guard(async () => {
        await redis.del(k(key));
      }),
    release: (key) =>
      guard(async () => {
        await redis.eval("local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then redis.call('DECR', KEYS[1]) end return 0", 1, k(key));
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
