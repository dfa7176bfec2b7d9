import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit.ts';

// Redis runs on every developer and CI machine (127.0.0.1:6379); TEST_REDIS_URL overrides it.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function behaves(l: RateLimiter, key: string, wait: (ms: number) => Promise<void>) {
  expect(await l.count(key)).toBe(0);
  expect(await l.add(key, 300)).toBe(1);
  expect(await l.add(key, 300)).toBe(2);
  expect(await l.count(key)).toBe(2);
  await l.release(key);
  expect(await l.count(key)).toBe(1);
  await l.reset(key);
  expect(await l.count(key)).toBe(0);
  await l.release(key);
  expect(await l.count(key)).toBe(0); // never below zero
  await l.add(key, 300);
  await wait(400);
  expect(await l.count(key)).toBe(0); // the window has passed
}

describe('rate limiter', () => {
  it('counts in a window in memory', async () => {
    const clock = new ManualClock();
    await behaves(memoryRateLimiter(clock), 'k', async (ms) => clock.advance(ms));
  });

  const redis = redisRateLimiter(REDIS_URL);
  afterAll(async () => (await redis).close());
  it('counts in a window in Redis, shared by every server process', async () => {
    const a = await redis;
    const b = await redisRateLimiter(REDIS_URL);
    const key = `test:${process.pid}:${Date.now()}`;
    await behaves(a, key, (ms) => new Promise((r) => setTimeout(r, ms)));
    await a.add(key, 5000);
    expect(await b.count(key)).toBe(1); // a second process sees the first one's count
    await b.close();
  });
});
