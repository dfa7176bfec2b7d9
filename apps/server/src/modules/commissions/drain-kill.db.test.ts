import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { migrate } from '../../platform/migrate.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { testEngine } from '../../test/db.ts';
import { runAndKill, sharedDatabase } from '../../test/processes.ts';
import { cancelBet, settleBets, type Outcome } from '../betting/index.ts';
import { verifyLedger } from '../ledger/index.ts';
import { drain } from './drain.ts';
import { CHAIN_ROLLING, expectBooks, GAME_TYPES, placeTyped, setOptions } from './options-test-kit.ts';
import type { RollingGameType } from './rates.ts';

// Issue 18 acceptance 2 with a real kill: the commission drain runs in its own process on a
// database both processes can open, with decimals (2), rolling credited at placement and support
// on the outside-vendor casino and slot bets (decision 043), and is
// SIGKILLed inside its third batch (after the batch wrote its accruals, carry and ledger posting,
// before it committed). The restarted drain pays every commission exactly once.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const count = async (db: Db, sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;

describe(`commission drain killed mid-batch on ${testEngine}`, () => {
  it('SIGKILL inside the third batch: nothing of it stays, and the restart pays each commission once', async () => {
    const { target, open, drop } = await sharedDatabase('dkill');
    cleanups.push(drop);
    const clock = new ManualClock('2026-11-27T03:00:00Z');
    let db = await open();
    await migrate(db);
    const { agents, member } = await agentChain(db, clock, 'dk', CHAIN_ROLLING, 10_000_000_000n);
    const bets = new Map<bigint, RollingGameType>();
    const placedOpen = new Set<bigint>();
    // 24 bets credited at placement, 8 at settlement; then results of every kind.
    await setOptions(db, { decimals: 2, credit: 'placement' });
    const ids: bigint[] = [];
    for (let i = 0; i < 32; i++) {
      if (i === 24) await setOptions(db, { credit: 'settlement' });
      const type = GAME_TYPES[i % GAME_TYPES.length];
      const b = await placeTyped(db, clock, member, type, 1_000_003n + 7_919n * BigInt(i));
      bets.set(b.id, type);
      if (i < 24) placedOpen.add(b.id);
      ids.push(b.id);
    }
    const outcomes: Outcome[] = ['won', 'lost', 'void', 'draw'];
    for (const [i, id] of ids.entries()) {
      if (i % 3 === 2) continue; // left open
      if (i % 5 === 4) {
        await db.tx((sql) => cancelBet(sql, clock, id, 'admin'));
        placedOpen.delete(id);
        continue;
      }
      const outcome = outcomes[i % 4];
      await db.tx((sql) => settleBets(sql, clock, `dk-${id}`, [{ betId: id, outcome }]));
      if (outcome === 'void' || outcome === 'draw') placedOpen.delete(id);
    }
    const rows = await count(db, 'SELECT count(*)::int AS n FROM bet_outbox');
    expect(rows).toBeGreaterThan(40);
    await db.close(); // a PGlite folder has one owner at a time

    const { out, signal } = await runAndKill(path.join(import.meta.dirname, 'drain-kill-child.ts'), target, 3);
    expect(signal).toBe('SIGKILL');
    expect(out).not.toContain('done');

    db = await open();
    cleanups.push(() => db.close());
    // Two batches of 4 committed; the third was killed before its commit and left nothing.
    expect(await count(db, 'SELECT count(*)::int AS n FROM bet_outbox')).toBe(rows - 8);
    expect((await verifyLedger(db)).problems).toEqual([]);
    const posted = await count(db, `SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'commission.rolling'`);
    expect(posted).toBeLessThanOrEqual(2);
    // Support (decision 043; the kit's casino and slot bets are with outside vendors): its own
    // transaction per batch, also at most the two committed batches'.
    expect(await count(db, `SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'commission.support'`)).toBeLessThanOrEqual(2);

    await drain(db, clock, { rounds: 1000 });
    await expectBooks(db, agents, bets, placedOpen);
    // expectBooks holds each standing support accrual to its total and every agent to it: some stand.
    expect(await count(db, 'SELECT count(*)::int AS n FROM commission_support_accruals WHERE reversed_at IS NULL')).toBeGreaterThan(0);
  }, 240_000);
});
