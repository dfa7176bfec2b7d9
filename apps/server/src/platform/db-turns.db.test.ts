import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDb } from './db.ts';

// PGlite runs queries inside this thread, and its answers settle as microtasks: a background
// loop of awaited transactions (the mini-game scheduler making up hours of rounds) kept the
// event loop from reading sockets and firing timers, so HTTP stalled for the whole loop.
describe('embedded database: a long run of queued work lets the event loop turn', () => {
  async function run(kind: 'tx' | 'query') {
    const child = path.join(import.meta.dirname, 'db-turns-child.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, kind], { env: { ...process.env, NODE_OPTIONS: '' } });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { longest: number; units: number };
  }

  it.each(['tx', 'query'] as const)('%s units back to back for 400 ms: a timer waits about one turn, not the whole run', async (kind) => {
    const { longest, units } = await run(kind);
    expect(units).toBeGreaterThan(50);
    // Without the turns the timer waits the whole 400 ms; with them about TURN_MS (5 ms) plus a unit.
    expect(longest).toBeLessThan(100);
  });

  it('work queued together still runs in the order it was queued', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const order: number[] = [];
      await Promise.all(Array.from({ length: 50 }, (_, i) => db.tx(async (sql) => (await sql.query('SELECT 1'), order.push(i)))));
      expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
    } finally {
      await db.close();
    }
  });
});
