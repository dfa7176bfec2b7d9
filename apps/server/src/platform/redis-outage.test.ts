import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { onChange, relayChanges, type Change } from './events.ts';
import { redisRateLimiter } from './rate-limit.ts';

// A Redis of this test's own (not the machine's at 6379), stopped and started again under the
// rate limiter and the change relay (issue 21's "stop Redis" fault, decision 055).
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let redis: ChildProcess | null = null;
let port = 0;
async function startRedis() {
  redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((r) => {
      const c = net.connect(port, '127.0.0.1', () => (c.end(), r(true))).on('error', () => r(false));
    });
    if (up) return;
    await wait(50);
  }
  throw new Error('redis-server did not start');
}
async function killRedis() {
  const dead = new Promise((r) => redis?.once('exit', r));
  redis?.kill('SIGKILL');
  await dead;
}
afterAll(() => void redis?.kill('SIGKILL'));

describe('a Redis outage', () => {
  it('answers limiter calls with a retryable 503 while Redis is away, then counts again; the relay reconnects and drops caches', async () => {
    port = await freePort();
    await startRedis();
    const url = `redis://127.0.0.1:${port}`;
    const limiter = await redisRateLimiter(url);
    const home = {};
    const seen: Change[] = [];
    const off = onChange((h, c) => void (h === home && seen.push(c)));
    const stop = await relayChanges(url, home, 'p1');
    try {
      expect(await limiter.add('outage', 60_000)).toBe(1);

      await killRedis();
      const failed = await limiter.add('outage', 60_000).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).status).toBe(503);
      expect((failed as AppError).code).toBe('temporarily_unavailable');
      const counted = await limiter.count('outage').catch((e: unknown) => e);
      expect((counted as AppError).status).toBe(503);

      await startRedis(); // an empty Redis (no persistence): the counts start again
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
