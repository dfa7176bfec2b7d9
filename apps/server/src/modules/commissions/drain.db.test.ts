import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { definePart, getBalances, houseBalances, verifyLedger } from '../ledger/index.ts';
import { placeBet, settleBets, settleOneBet, type Outcome } from '../betting/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { startJobs } from '../../platform/jobs.ts';
import { drain, jobs } from './drain.ts';

// Top first: minigame 1.0/0.8/0.5/0.3/0.2/0.1 %, Powerball single 2.0/1.5/1.0/0.75/0.5/0.25 %.
const MINI = [1.0, 0.8, 0.5, 0.3, 0.2, 0.1];
const PB = ['2', '1.5', '1', '0.75', '0.5', '0.25'];
const rolling = MINI.map((m, i) => ({ minigame_percent: m, powerball_single_percent: PB[i], casino_percent: 0 }));

let db: TestDb;
const clock = new ManualClock();
let agents: bigint[];
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'cd', rolling));
});
afterAll(() => db?.drop());

let n = 0;
const bet = (amount: bigint, game = 'one-test', odds = '2.00') =>
  placeBet(db, clock, {
    userId: member,
    gameType: 'minigame',
    game,
    round: 'r1',
    betType: 'single',
    selections: [{ name: 'T', pick: 'odd', odds }],
    odds,
    amount,
    requestId: `cd-${++n}`,
  });
const monies = async () => Promise.all(agents.map(async (a) => (await getBalances(db, a)).money));
const commissionsHouse = async () => (await houseBalances(db)).find((r) => r.code === 'commissions' && r.asset === 'money')?.balance ?? 0n;
const gained = async (before: bigint[]) => (await monies()).map((m, i) => m - before[i]);
const ok = async () => expect((await verifyLedger(db)).problems).toEqual([]);
const outboxCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bet_outbox')).rows[0].n;

describe(`commission drain on ${testEngine}`, () => {
  it('pays each agent of a six-tier chain exactly its split of a settled bet, once (transactional settlement)', async () => {
    const before = await monies();
    const house0 = await commissionsHouse();
    const b = await bet(1_234_567n);
    // Placement writes nothing: rolling is credited at settlement.
    expect(await outboxCount()).toBe(0);
    await db.tx((sql) => settleBets(sql, clock, `cd-${b.id}`, [{ betId: b.id, outcome: 'won' }]));
    expect(await outboxCount()).toBe(1);
    expect(await gained(before)).toEqual([0n, 0n, 0n, 0n, 0n, 0n]);
    expect(await drain(db, clock)).toBe(1);
    // Decision 027's worked example, top down; the sum is floor(1.0 % × 1,234,567).
    expect(await gained(before)).toEqual([2_469n, 3_704n, 2_469n, 1_234n, 1_235n, 1_234n]);
    expect((await gained(before)).reduce((a, x) => a + x, 0n)).toBe(12_345n);
    expect(await commissionsHouse()).toBe(house0 - 12_345n);
    expect(await outboxCount()).toBe(0);
    // A second drain has nothing to do and moves nothing.
    expect(await drain(db, clock)).toBe(0);
    expect((await gained(before)).reduce((a, x) => a + x, 0n)).toBe(12_345n);
    await ok();
  });

  it('accrues from the one-statement settlement, alone and group-committed, at the Powerball rates', async () => {
    const before = await monies();
    const lone = await bet(333_333n, 'ntry_eos1');
    expect((await settleOneBet(db, clock, { bet: lone, outcome: 'lost', batchKey: `cd1-${lone.id}` })).settled).toBe(true);
    // With a caller's guard and rows the settlement goes through group commit (bets_settle).
    const guard = definePart('cd_guard', `SELECT :a::bigint AS user_id, true AS ok`);
    const then = definePart('cd_then', `cd_t AS (SELECT bet_id FROM attached)`);
    const rows = { name: 'cd', item: null, guard: () => guard({ a: member }), then: () => then({}) };
    const grouped = await bet(100_000n, 'ntry_eos1');
    expect((await settleOneBet(db, clock, { bet: grouped, outcome: 'won', batchKey: `cd2-${grouped.id}` }, rows)).settled).toBe(true);
    expect(await outboxCount()).toBe(2);
    await drain(db, clock);
    // Each bet's chain total is floor(2 % × stake): 6,666 + 2,000.
    const g = await gained(before);
    expect(g.reduce((a, x) => a + x, 0n)).toBe(8_666n);
    // Shop 0.25 %: floor(833.33) + 250; top's margin 0.5 %: 6,666 − 4,999 + 2,000 − 1,500.
    expect(g[5]).toBe(833n + 250n);
    expect(g[0]).toBe(1_667n + 500n);
    const acc = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_accruals WHERE bet_id = ANY($1::bigint[])', [
      [lone.id, grouped.id].map(String),
    ]);
    expect(acc.rows[0].n).toBe(12);
    await ok();
  });

  it('pays nothing for a void or drawn bet, and consumes their outbox rows', async () => {
    const before = await monies();
    const v = await bet(50_000n);
    const d = await bet(50_000n);
    const outcomes: [bigint, Outcome][] = [
      [v.id, 'void'],
      [d.id, 'draw'],
    ];
    await db.tx((sql) =>
      settleBets(
        sql,
        clock,
        `cdv-${v.id}`,
        outcomes.map(([betId, outcome]) => ({ betId, outcome })),
      ),
    );
    expect(await outboxCount()).toBe(2);
    expect(await drain(db, clock)).toBe(2);
    expect(await gained(before)).toEqual([0n, 0n, 0n, 0n, 0n, 0n]);
    const acc = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_accruals WHERE bet_id = ANY($1::bigint[])', [
      [v.id, d.id].map(String),
    ]);
    expect(acc.rows[0].n).toBe(0);
    expect(await outboxCount()).toBe(0);
    await ok();
  });

  it('the registered job credits the chain within 5 s of settlement', async () => {
    const log: string[] = [];
    const stop = startJobs(jobs({ db, clock } as unknown as Deps), { error: (_o, msg) => log.push(msg) });
    try {
      const before = await monies();
      const b = await bet(1_234_567n);
      await db.tx((sql) => settleBets(sql, clock, `cdj-${b.id}`, [{ betId: b.id, outcome: 'lost' }]));
      const settledAt = Date.now();
      while ((await gained(before))[0] === 0n && Date.now() - settledAt < 5_000) await new Promise((r) => setTimeout(r, 50));
      expect(Date.now() - settledAt).toBeLessThan(5_000);
      expect(await gained(before)).toEqual([2_469n, 3_704n, 2_469n, 1_234n, 1_235n, 1_234n]);
    } finally {
      await stop();
    }
    expect(log).toEqual([]);
    await ok();
  });
});
