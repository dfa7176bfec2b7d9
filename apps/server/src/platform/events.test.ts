import { afterAll, describe, expect, it } from 'vitest';
import { notifyChange, onChange, relayChanges, type Change } from './events.ts';

// Redis runs on every developer and CI machine (127.0.0.1:6379); TEST_REDIS_URL overrides it.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('change notices', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const s of stops) await s();
  });

  it('reach listeners in this process and, over Redis, the other process', async () => {
    const here = {};
    const seen: Change[] = [];
    const off = onChange((home, c) => home === here && seen.push(c));
    // A second "process": its own relay and home, subscribed to the same channel.
    const { Redis } = await import('ioredis');
    const other = new Redis(REDIS_URL);
    const received: string[] = [];
    await other.subscribe('wager:changes');
    other.on('message', (_c: string, m: string) => received.push(m));
    stops.push(async () => void other.disconnect());
    stops.push(await relayChanges(REDIS_URL, here, 'proc-a'));
    // Notices of one event-loop turn travel as one message, in order.
    notifyChange(here, { topic: 'member', id: '42' });
    notifyChange(here, { topic: 'balance', id: '7' });
    expect(seen).toEqual([
      { topic: 'member', id: '42' },
      { topic: 'balance', id: '7' },
    ]);
    for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    expect(received.map((m) => JSON.parse(m))).toEqual([
      {
        from: 'proc-a',
        changes: [
          { topic: 'member', id: '42' },
          { topic: 'balance', id: '7' },
        ],
      },
    ]);
    // A message from another process is delivered here; our own echo is not delivered twice.
    const pub = new Redis(REDIS_URL);
    await pub.publish('wager:changes', JSON.stringify({ from: 'proc-b', changes: [{ topic: 'all' }] }));
    pub.disconnect();
    for (let i = 0; i < 50 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([{ topic: 'member', id: '42' }, { topic: 'balance', id: '7' }, { topic: 'all' }]);
    off();
  });
});
