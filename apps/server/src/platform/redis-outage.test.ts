import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { onChange, relayChanges, type Change } from './events.ts';
import { redisRateLimiter } from './rate-limit.ts';
import { ownRedis } from '../test/redis.ts';

// A Redis of this test's own (not the machine's at 6379), stopped and started again under the
// rate limiter and the change relay (issue 21's "stop Redis" fault, decision 055).
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
let redis: Awaited<ReturnType<typeof ownRedis>> | null = null;
afterAll(() => redis?.kill());

describe('a Redis outage', () => {
  it('answers limiter calls with a retryable 503 while Redis is away, then counts again; the relay reconnects and drops caches', async () => {
    redis = await ownRedis();
    const url = redis.url;
    const limiter = await redisRateLimiter(url);
    const home = {};
    const seen: Change[] = [];
    const off = onChange((h, c) => void (h === home && seen.push(c)));
    const stop = await relayChanges(url, home, 'p1');
    try {
      expect(await limiter.add('outage', 60_000)).toBe(1);

      await redis.kill();
      const failed = await limiter.add('outage', 60_000).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).status).toBe(503);
      expect((failed as AppError).code).toBe('temporarily_unavailable');
      const counted = await limiter.count('outage').catch((e: unknown) => e);
      expect((counted as AppError).status).toBe(503);

      await redis.start(); // an empty Redis (no persistence): the counts start again
      let n: number | null = null;
      for (let i = 0; i < 100 && n === null; i++) {
        n = await limiter.add('outage', 60_000).catch(() => null);
        if (n === null) await wait(100);
      }
      expect(n).toBe(1);
      // Notices sent while the relay was down are lost, so its reconnect drops every cache.
      for (let i = 0; i < 50 && !seen.some((c) => c.topic === 'all'); i++) await wait(100);
      expect(seen).toContainEqual({ topic: 'all' });
    } finally {
      off();
      await stop();
      await limiter.close();
    }
  }, 30_000);
});
