import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { ManualClock } from '../../platform/clock.ts';
import { fundedMember } from '../../test/members.ts';
import { HOUSE, getBalances, houseBalances, verifyLedger } from '../ledger/index.ts';
import { placeBet } from './service.ts';
import { minigameBetInput } from '../../test/bets.ts';

let db: TestDb;
const clock = new ManualClock('2026-11-22T03:00:00Z');
const members: bigint[] = [];
const FUND = 1_000_000n;

beforeAll(async () => {
  db = await freshDb();
  for (let i = 0; i < 50; i++) members.push(await fundedMember(db, clock, `par${i}`, FUND));
});
afterAll(() => db?.drop());

const bet = (m: bigint, requestId: string, amount: bigint) => db.tx((sql) => placeBet(sql, clock, minigameBetInput(m, requestId, { amount })));

describe(`placeBet under load on ${testEngine}`, () => {
  it('500 concurrent bets from 50 members: balances, house stakes and the ledger all agree', async () => {
    // Member i bets 10 times; stakes 1,000 × (1 + i % 30). Every 7th member stakes too much once.
    const jobs = members.flatMap((m, i) =>
      Array.from({ length: 10 }, (_, j) => ({ m, i, rid: `r-${j}`, amount: i % 7 === 0 && j === 9 ? FUND : 1_000n * BigInt(1 + (i % 30)) })),
    );
    const results = await Promise.allSettled(jobs.map((j) => bet(j.m, j.rid, j.amount)));
    const placed = new Map<bigint, bigint>();
    results.forEach((r, k) => {
      const j = jobs[k];
      if (r.status === 'fulfilled') placed.set(j.m, (placed.get(j.m) ?? 0n) + j.amount);
      else expect((r.reason as { code?: string }).code).toBe('insufficient_funds');
    });
    // Small stakes (at most 9 × 30,000) always fit; the whole-fund stake fits only if it came first.
    members.forEach((m, i) => {
      const mine = results.filter((_, k) => jobs[k].m === m);
      const ok = mine.filter((r) => r.status === 'fulfilled').length;
      if (i % 7 !== 0) expect(ok).toBe(10);
      else expect([1, 9]).toContain(ok);
    });
    let staked = 0n;
    for (const m of members) {
      const held = placed.get(m) ?? 0n;
      staked += held;
      expect((await getBalances(db, m)).money).toBe(FUND - held);
    }
    const bets = await db.query<{ n: number; s: bigint }>(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS s FROM bets`);
    expect(bets.rows[0].s).toBe(staked);
    expect(bets.rows[0].n).toBe(results.filter((r) => r.status === 'fulfilled').length);
    const stakes = (await houseBalances(db)).find((h) => h.code === HOUSE.stakes && h.asset === 'money')!;
    expect(stakes.balance).toBe(staked);
    expect(await verifyLedger(db)).toEqual({ ok: true, problems: [] });
  });

  it('a repeated request id returns the first bet; with another stake it is refused (409 idempotency_conflict)', async () => {
    const m = members[1];
    const before = (await getBalances(db, m)).money;
    const runs = await Promise.allSettled([bet(m, 'dup', 500n), bet(m, 'dup', 500n), bet(m, 'dup', 700n)]);
    const ok = runs.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ id: bigint; amount: bigint }>[];
    const refused = runs.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(new Set(ok.map((r) => r.value.id)).size).toBe(1);
    expect(refused.every((r) => r.reason.code === 'idempotency_conflict')).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect((await getBalances(db, m)).money).toBe(before - ok[0].value.amount);
  });
});
