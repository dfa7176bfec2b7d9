import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { createDeps } from '../../platform/deps-factory.ts';
import { migrate } from '../../platform/migrate.ts';
import { setPasswordCost } from '../../platform/passwords.ts';
import { seededRng } from '../../platform/rng.ts';
import { devSmsProvider } from '../../platform/sms.ts';
import { seed } from '../../seed.ts';
import { testEngine } from '../../test/db.ts';
import { runAndKill, sharedDatabase } from '../../test/processes.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import * as repo from './repo-results.ts';
import { fund, makeFixture, placeSportsBet } from './settle-test-kit.ts';
import { runSettleQueue } from './settlement.ts';

// Issue 9, acceptance 3, with a real kill: the settle job runs in its own process on a database
// both processes can open (a PGlite folder, or a PostgreSQL database), is SIGKILLed after a few
// committed batches, and a restart finishes the queue: every bet settled exactly once, ledger OK.
const N = 60;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe(`settle job killed mid-way on ${testEngine}`, () => {
  it('SIGKILL after 3 batches: the restart settles the rest, each bet exactly once, money and ledger exact', async () => {
    setPasswordCost(1024);
    const { target, open, drop } = await sharedDatabase('kill');
    cleanups.push(drop);
    const clock = new ManualClock('2026-11-22T03:00:00Z');
    let db = await open();
    await migrate(db);
    await seed(await createDeps({ db, clock, rng: seededRng('kill'), sms: devSmsProvider(), config: loadConfig() }));
    const users = (await db.query<{ id: bigint }>(`SELECT id FROM users WHERE account IN ('user1', 'user2', 'user3') ORDER BY id`)).rows.map((r) => r.id);
    for (const u of users) await fund(db, clock, u, 1_000_000n, `kill-${u}`);
    const f = await db.tx((sql) => makeFixture(sql, clock, [{ kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } }]));
    const ids: bigint[] = [];
    for (let i = 0; i < N; i++)
      ids.push((await placeSportsBet(db, clock, users[i % 3], [f.outcome('1x2', i % 2 ? 'home' : 'away')], 1_000n + BigInt(i), `kill-${i}`)).id);
    await db.query(`UPDATE outcomes SET result = CASE code WHEN 'home' THEN 'won' ELSE 'lost' END WHERE market_id = $1`, [f.outcome('1x2', 'home').marketId]);
    await db.query(`UPDATE fixtures SET result = '{"home":1,"away":0}' WHERE id = $1`, [f.id]);
    const before = await Promise.all(users.map(async (u) => (await getBalances(db, u)).money));
    await repo.enqueue(db, f.id, 'settle', { by: 'feed' }, 'feed', clock.now());
    await db.close(); // a PGlite folder has one owner at a time

    const { out, signal } = await runAndKill(path.join(import.meta.dirname, 'settle-kill-child.ts'), target, 3);
    expect(signal).toBe('SIGKILL');
    expect(out).not.toContain('done');

    db = await open();
    cleanups.push(() => db.close()); // run in reverse: closed before its folder or database goes
    const settledCount = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE id = ANY($1::bigint[]) AND status <> 'open'`, [ids.map(String)])).rows[0].n;
    const mid = await settledCount();
    // Three batches of 4 committed before the kill, a fourth perhaps (the kill may land in or after it); never a part of one.
    expect([12, 16]).toContain(mid);
    expect((await verifyLedger(db)).problems).toEqual([]);

    await runSettleQueue(db, clock, { batchSize: 4 });
    const rows = (
      await db.query<{ status: string; settle_count: number; amount: bigint; user_id: bigint }>(
        `SELECT status, settle_count, amount, user_id FROM bets WHERE id = ANY($1::bigint[])`,
        [ids.map(String)],
      )
    ).rows;
    expect(rows).toHaveLength(N);
    expect(rows.every((r) => r.settle_count === 1 && (r.status === 'won' || r.status === 'lost'))).toBe(true);
    for (const [i, u] of users.entries()) {
      const won = rows.filter((r) => r.user_id === u && r.status === 'won').reduce((a, r) => a + (r.amount * 210n) / 100n, 0n);
      expect((await getBalances(db, u)).money).toBe(before[i] + won);
    }
    expect((await repo.queueOf(db, f.id))[0]).toMatchObject({ action: 'settle' });
    expect((await repo.queueOf(db, f.id))[0].done_at).not.toBeNull();
    expect((await verifyLedger(db)).problems).toEqual([]);
  }, 120_000);
});
