import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { settledEvenBet } from '../../test/bets.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { resettleBets } from '../betting/index.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';
import { drain } from './drain.ts';
import { initStatus, initStep, startInit } from './losing-init.ts';
import { actOnLosing, listLosing, runPeriod, setLosingOpen, type LosingActor } from './losing.ts';
import { parseRate } from './rates.ts';
import { splitLosing } from './split.ts';

// Losing settlements (decision 031) along a six-tier chain, top first 10/8/5/3/2/1 %, all open;
// a second chain (5/3/1 %) whose middle agent is not open; one day per period, in order.
const RATES = ['10', '8', '5', '3', '2', '1'];
const B_RATES = ['5', '3', '1'];

let db: TestDb;
const clock = new ManualClock('2026-03-01T03:00:00Z'); // 12:00 KST
const deps = { clock } as unknown as Deps;
let A: bigint[];
let memberA: bigint;
let B: bigint[];
let memberB: bigint;

beforeAll(async () => {
  db = await freshDb();
  Object.assign(deps, { db });
  ({ agents: A, member: memberA } = await agentChain(
    db,
    clock,
    'la',
    RATES.map((r) => ({ losing_percent: r })),
  ));
  ({ agents: B, member: memberB } = await agentChain(
    db,
    clock,
    'lb',
    B_RATES.map((r) => ({ losing_percent: r })),
  ));
  for (const a of [...A, B[0], B[2]]) await setLosingOpen(db, clock, admin, a, true);
}, 180_000);
afterAll(() => db?.drop());

const admin: LosingActor = { type: 'admin', id: 1n, ip: '127.0.0.1' };
const agent = (id: bigint): LosingActor => ({ type: 'agent', id, ip: '127.0.0.1' });

let n = 0;
/** A settled bet of the member: lost (net loss = stake) or won at 2.00 (net loss = −stake). */
const settled = (member: bigint, amount: bigint, outcome: 'won' | 'lost') => settledEvenBet(db, clock, member, `ls-${++n}`, amount, outcome);

/** Path parts of a net loss, top first (splitLosing takes the direct agent first). */
function expected(rates: string[], net: bigint) {
  const path = rates.map((r, i) => ({ agentId: BigInt(i), rate: parseRate(r) })).reverse();
  return splitLosing(path, net)
    .parts.map((p) => p.amount)
    .reverse();
}

async function settlementsOf(day: string) {
  const r = await db.query<{ id: bigint; agent_id: bigint; amount: bigint; own: bigint; carried_in: bigint; status: string; net_loss: bigint }>(
    `SELECT s.id, s.agent_id, s.amount, s.own, s.carried_in, s.status, s.net_loss FROM losing_settlements s JOIN losing_periods p ON p.id = s.period_id
      WHERE p.from_day = $1 ORDER BY s.agent_id`,
    [day],
  );
  return new Map(r.rows.map((x) => [x.agent_id, x]));
}
const money = async (id: bigint) => (await getBalances(db, id)).money;
const ok = async () => expect((await verifyLedger(db)).problems).toEqual([]);
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
};
const run = async (day: string) => {
  await drain(db, clock);
  return runPeriod(db, clock, admin, { from: day, to: day });
};

describe(`losing settlement on ${testEngine}`, () => {
  const D1 = '2026-03-01';
  const D2 = '2026-03-02';
  let d1Bet: bigint;

  it('over two periods, the six-tier chain earns exactly floor(top rate × net loss) each period, split by the rolling rule', async () => {
    d1Bet = await settled(memberA, 1_000_000n, 'lost');
    await settled(memberA, 234_567n, 'lost');
    await settled(memberA, 100_000n, 'won');
    await settled(memberB, 300_000n, 'lost');
    const first = await run(D1);
    expect(first.created).toBe(true);
    expect(first.period.bets).toBe(4);
    const net1 = 1_234_567n - 100_000n;
    const s1 = await settlementsOf(D1);
    const want1 = expected(RATES, net1);
    expect(A.map((a) => s1.get(a)?.amount)).toEqual(want1);
    expect(want1.reduce((x, y) => x + y, 0n)).toBe((net1 * 10n) / 100n);
    // Every settlement's subtree net loss is the member's net; its parts add up to its amount.
    for (const a of A) expect(s1.get(a)?.net_loss).toBe(net1);
    const parts = await db.query<{ agent_id: bigint; sum: bigint }>(
      `SELECT agent_id, sum(amount)::bigint AS sum FROM losing_parts WHERE period_id = $1 GROUP BY agent_id`,
      [first.period.id],
    );
    for (const p of parts.rows) if (A.includes(p.agent_id)) expect(p.sum).toBe(s1.get(p.agent_id)?.amount);
    // Traceable: the period's entries are the member's bets, summing to the net.
    const entries = await db.query<{ sum: bigint }>(`SELECT sum(net)::bigint AS sum FROM losing_entries WHERE period_id = $1 AND member_id = $2`, [
      first.period.id,
      memberA,
    ]);
    expect(entries.rows[0].sum).toBe(net1);

    // Running the same days again computes nothing twice.
    const again = await runPeriod(db, clock, admin, { from: D1, to: D1 });
    expect(again.created).toBe(false);
    expect(again.period.id).toBe(first.period.id);

    clock.set('2026-03-02T05:00:00Z');
    await settled(memberA, 500_001n, 'lost');
    await run(D2);
    const s2 = await settlementsOf(D2);
    const want2 = expected(RATES, 500_001n);
    expect(A.map((a) => s2.get(a)?.amount)).toEqual(want2);
    expect(want2.reduce((x, y) => x + y, 0n)).toBe(50_000n);
    await ok();
  });

  it('an agent without isOpenLosing earns nothing and the agent above still earns only its own margin', async () => {
    const s1 = await settlementsOf(D1);
    const want = expected(B_RATES, 300_000n); // 5/3/1 %: 6,000 / 6,000 / 3,000
    expect(want).toEqual([6_000n, 6_000n, 3_000n]);
    expect(s1.get(B[0])?.amount).toBe(6_000n);
    expect(s1.has(B[1])).toBe(false);
    expect(s1.get(B[2])?.amount).toBe(3_000n);
    const closed = await db.query<{ amount: bigint; open: boolean }>('SELECT amount, open FROM losing_parts WHERE agent_id = $1', [B[1]]);
    expect(closed.rows).toEqual([{ amount: 6_000n, open: false }]);
    // The top of chain A has no settlement in chain B's periods: the settlement is its own chain's.
    expect(s1.get(A[0])?.net_loss).toBe(1_134_567n);
  });

  it('lists only the agent itself and its subtree; other trees and upper agents are refused', async () => {
    const mid = await listLosing(db, agent(A[3]), { skip: 0, limit: 100 });
    expect(new Set(mid.rows.map((r) => BigInt(r.agent_id)))).toEqual(new Set(A.slice(3)));
    expect(mid.rows.find((r) => BigInt(r.agent_id) === A[3])?.can_act).toBe(false);
    expect(mid.rows.find((r) => BigInt(r.agent_id) === A[5])?.can_act).toBe(true);
    expect(BigInt(mid.totals.amount)).toBe(mid.rows.reduce((x, r) => x + BigInt(r.amount), 0n));
    const dayOnly = await listLosing(db, agent(A[0]), { from: D2, to: D2, skip: 0, limit: 100 });
    expect(dayOnly.rows.every((r) => r.from_day === D2)).toBe(true);
    const other = await listLosing(db, agent(B[0]), { skip: 0, limit: 100 });
    expect(other.rows.every((r) => [B[0], B[2]].includes(BigInt(r.agent_id)))).toBe(true);

    const shopD1 = (await settlementsOf(D1)).get(A[5])!.id;
    const topD1 = (await settlementsOf(D1)).get(A[0])!.id;
    expect(await code(actOnLosing(deps, agent(B[0]), 'pay', shopD1, 'iso-other-tree'))).toBe('not_in_subtree');
    expect(await code(actOnLosing(deps, agent(A[5]), 'pay', shopD1, 'iso-own'))).toBe('not_in_subtree');
    expect(await code(actOnLosing(deps, agent(A[5]), 'pay', topD1, 'iso-upper'))).toBe('not_in_subtree');
    expect(await code(actOnLosing(deps, agent(A[0]), 'pay', 999_999n, 'iso-unknown'))).toBe('not_in_subtree');
    expect((await settlementsOf(D1)).get(A[5])?.status).toBe('pending');
  });

  it('pays once under a retried request and under two concurrent requests; recovering reverses exactly, once', async () => {
    const s1 = await settlementsOf(D1);
    const shop = s1.get(A[5])!;
    const before = await money(A[5]);
    const first = await actOnLosing(deps, agent(A[1]), 'pay', shop.id, 'pay-shop-1');
    const retry = await actOnLosing(deps, agent(A[1]), 'pay', shop.id, 'pay-shop-1');
    expect(retry).toEqual(first);
    expect(first.status).toBe('paid');
    expect(await money(A[5])).toBe(before + shop.amount);
    expect(BigInt(first.agent_balance)).toBe(before + shop.amount);
    // Paid already: another request finds nothing to pay (spec §8).
    expect(await code(actOnLosing(deps, agent(A[0]), 'pay', shop.id, 'pay-shop-2'))).toBe('losing_none');

    const sub = s1.get(A[2])!;
    const subBefore = await money(A[2]);
    const both = await Promise.all([
      code(actOnLosing(deps, agent(A[0]), 'pay', sub.id, 'pay-sub-a')),
      code(actOnLosing(deps, agent(A[1]), 'pay', sub.id, 'pay-sub-b')),
    ]);
    expect(both.sort()).toEqual(['losing_none', 'ok']);
    expect(await money(A[2])).toBe(subBefore + sub.amount);
    const txs = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE reason_type = 'losing_settlement' AND reason_id = $1`, [
      String(sub.id),
    ]);
    expect(txs.rows[0].n).toBe(1);
    await ok();

    // The top's own settlement is the admin's to pay.
    const top = s1.get(A[0])!;
    const topBefore = await money(A[0]);
    await actOnLosing(deps, admin, 'pay', top.id, 'pay-top-admin');
    expect(await money(A[0])).toBe(topBefore + top.amount);

    // Recover: the exact reversal, once; nothing to pay or recover after it.
    const back = await actOnLosing(deps, agent(A[1]), 'recover', shop.id, 'rec-shop-1');
    expect(back.status).toBe('recovered');
    expect(await money(A[5])).toBe(before);
    const postings = await db.query<{ kind: string; amounts: string[] }>(
      `SELECT t.kind, array_agg(p.amount::text ORDER BY p.amount) AS amounts FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
        WHERE t.reason_type = 'losing_settlement' AND t.reason_id = $1 GROUP BY t.kind ORDER BY t.kind`,
      [String(shop.id)],
    );
    expect(postings.rows).toEqual([
      { kind: 'commission.losing.pay', amounts: [String(-shop.amount), String(shop.amount)] },
      { kind: 'commission.losing.recover', amounts: [String(-shop.amount), String(shop.amount)] },
    ]);
    expect(await code(actOnLosing(deps, agent(A[1]), 'recover', shop.id, 'rec-shop-2'))).toBe('losing_none');
    expect(await code(actOnLosing(deps, agent(A[1]), 'pay', shop.id, 'pay-shop-3'))).toBe('losing_none');
    // A pending settlement cannot be recovered.
    expect(await code(actOnLosing(deps, agent(A[0]), 'recover', s1.get(A[4])!.id, 'rec-dist'))).toBe('losing_none');
    await ok();
  });

  it('a recovery the agent cannot cover is refused and changes nothing', async () => {
    const dist = (await settlementsOf(D1)).get(A[4])!;
    await actOnLosing(deps, agent(A[3]), 'pay', dist.id, 'pay-dist');
    // The distributor spends all but 1 won of what it holds.
    const held = await money(A[4]);
    await db.tx((sql) =>
      transfer(sql, clock, {
        idempotencyKey: `ls-spend-${dist.id}`,
        kind: 'test.spend',
        from: { user: A[4], asset: 'money' },
        to: { house: HOUSE.adjustments, asset: 'money' },
        amount: held - 1n,
      }),
    );
    expect(await code(actOnLosing(deps, agent(A[3]), 'recover', dist.id, 'rec-dist-1'))).toBe('insufficient_funds');
    expect(await money(A[4])).toBe(1n);
    expect((await settlementsOf(D1)).get(A[4])?.status).toBe('paid');
    await ok();
  });

  it('a negative period is carried into the next settlement of the agent', async () => {
    clock.set('2026-03-03T05:00:00Z');
    await settled(memberA, 200_000n, 'won'); // net loss −200,000
    await run('2026-03-03');
    const s3 = await settlementsOf('2026-03-03');
    const want3 = expected(RATES, -200_000n);
    expect(A.map((a) => s3.get(a)?.amount)).toEqual(want3);
    expect(A.every((a) => s3.get(a)?.status === 'carried')).toBe(true);
    expect(await code(actOnLosing(deps, agent(A[0]), 'pay', s3.get(A[5])!.id, 'pay-neg'))).toBe('losing_none');

    clock.set('2026-03-04T05:00:00Z');
    await settled(memberA, 300_000n, 'lost');
    await run('2026-03-04');
    const s4 = await settlementsOf('2026-03-04');
    const own4 = expected(RATES, 300_000n);
    A.forEach((a, i) => {
      expect(s4.get(a)?.own).toBe(own4[i]);
      expect(s4.get(a)?.carried_in).toBe(want3[i]);
      expect(s4.get(a)?.amount).toBe(own4[i] + want3[i]);
    });
    const carried = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM losing_settlements WHERE status = 'carried' AND carried_to IS NULL`);
    expect(carried.rows[0].n).toBe(0);
  });

  it('a bet re-settled after its period was paid is corrected once, in the next period', async () => {
    clock.set('2026-03-05T05:00:00Z');
    // The 1,000,000 lost bet of day 1 becomes won: its net goes from +1,000,000 to −1,000,000.
    await db.tx((sql) => resettleBets(sql, clock, { recall: `ls-r-${d1Bet}`, settle: `ls-rs-${d1Bet}` }, [d1Bet], [{ betId: d1Bet, outcome: 'won' }]));
    const p5 = await run('2026-03-05');
    expect(p5.period.bets).toBe(1);
    expect(BigInt(p5.period.net_loss)).toBe(-2_000_000n);
    const s5 = await settlementsOf('2026-03-05');
    expect(A.map((a) => s5.get(a)?.own)).toEqual(expected(RATES, -2_000_000n));
    // The bet's entries add up to its net as it stands now; day 1's figures are untouched.
    const sum = await db.query<{ sum: bigint }>('SELECT sum(net)::bigint AS sum FROM losing_entries WHERE bet_id = $1', [d1Bet]);
    expect(sum.rows[0].sum).toBe(-1_000_000n);
    expect((await settlementsOf(D1)).get(A[5])?.status).toBe('recovered');
    // Nothing changed since: the next day has no entries.
    clock.set('2026-03-06T05:00:00Z');
    expect((await run('2026-03-06')).period.bets).toBe(0);
    await ok();
  });

  it('refuses a period that overlaps the last one or ends after today', async () => {
    expect(await code(runPeriod(db, clock, admin, { from: '2026-03-05', to: '2026-03-06' }))).toBe('losing_period_overlap');
    expect(await code(runPeriod(db, clock, admin, { from: '2026-03-07', to: '2026-03-08' }))).toBe('losing_period_invalid');
    expect(await code(runPeriod(db, clock, admin, { from: '2026-03-07', to: '2026-03-06' }))).toBe('losing_period_invalid');
  });

  it('the initialisation cancels open settlements, baselines every bet in chunks with progress, and later periods count only later changes', async () => {
    clock.set('2026-03-07T05:00:00Z');
    const older = await settled(memberA, 70_000n, 'lost'); // settled before the initialisation: never counted
    await drain(db, clock);
    const pendingBefore = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM losing_settlements WHERE status = 'pending' OR (status = 'carried' AND carried_to IS NULL)`,
    );
    const job = await startInit(db, clock, admin);
    expect(job.cancelled).toBe(pendingBefore.rows[0].n);
    expect(await code(startInit(db, clock, admin))).toBe('settlement_init_running');
    expect(await code(runPeriod(db, clock, admin, { from: '2026-03-07', to: '2026-03-07' }))).toBe('settlement_init_running');
    const progress: number[] = [];
    for (let step = await initStep(db, clock, 2n); step && step.status === 'running'; step = await initStep(db, clock, 2n))
      progress.push(Number((step.done_bet * 100n) / step.to_bet));
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await initStatus(db))?.status).toBe('done');
    const pending = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM losing_settlements WHERE status = 'pending'`);
    expect(pending.rows[0].n).toBe(0);

    // After: the older bet re-settled counts only its change; a new bet counts in full.
    await db.tx((sql) => resettleBets(sql, clock, { recall: `ls-r-${older}`, settle: `ls-rs-${older}` }, [older], [{ betId: older, outcome: 'won' }]));
    await settled(memberA, 10_000n, 'lost');
    const p7 = await run('2026-03-07');
    expect(BigInt(p7.period.net_loss)).toBe(-140_000n + 10_000n);
    await ok();
  });
});
