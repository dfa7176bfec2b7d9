import { afterAll, describe, expect, it } from 'vitest';
import { publish, relayPush, subscribe } from './push.ts';

// Redis runs on every developer and CI machine (127.0.0.1:6379); TEST_REDIS_URL overrides it.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('server push', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const s of stops) await s();
  });

  it('reaches subscribers of this process at once and, over Redis, the other processes', async () => {
    const here = {};
    const seen: [string, unknown][] = [];
    const off = subscribe(here, ['sports'], (topic, payload) => seen.push([topic, payload]));
    const { Redis } = await import('ioredis');
    const other = new Redis(REDIS_URL);
    const received: string[] = [];
    await other.subscribe('wager:push');
    other.on('message', (_c: string, m: string) => received.push(m));
    stops.push(async () => void other.disconnect());
    stops.push(await relayPush(REDIS_URL, here, 'proc-a'));

    publish(here, 'sports', { odds: '1.95' });
    expect(seen).toEqual([['sports', { odds: '1.95' }]]);
    await until(() => received.length > 0);
    expect(JSON.parse(received[0])).toEqual({ from: 'proc-a', topic: 'sports', payload: { odds: '1.95' } });

    // Another process's message reaches our subscribers; an unrelated topic reaches nobody.
    const pub = new Redis(REDIS_URL);
    await pub.publish('wager:push', JSON.stringify({ from: 'proc-b', topic: 'sports', payload: { score: '1:0' } }));
    await pub.publish('wager:push', JSON.stringify({ from: 'proc-b', topic: 'minigame:eos5', payload: 1 }));
    pub.disconnect();
    await until(() => seen.length > 1);
    expect(seen).toEqual([
      ['sports', { odds: '1.95' }],
      ['sports', { score: '1:0' }],
    ]);
    off();
  });
});
