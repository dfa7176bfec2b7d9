import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { holdRows } from '../../test/locks.ts';
import { fundedMember } from '../../test/members.ts';
import { HOUSE, definePart, getBalances, houseBalances, shardOf, verifyLedger } from '../ledger/index.ts';
import { batchStats, placeBet, type BatchChain } from './service.ts';

// Group commit (batch.ts, decision 012 fifth pass): bets placed at the same moment go in one
// statement, and every bet is still answered exactly as it would be alone.

let db: TestDb;
const clock = new ManualClock('2026-11-24T03:00:00Z');
const members: bigint[] = [];
const FUND = 100_000n;

// Rows chained to each bet (as sports does): one row per bet in a side table, written with the
// batch for the bets a batch posted and built for one bet alone for the others.
const sideRows = definePart(
  'batch_test_rows',
  `side AS (INSERT INTO batch_test_side (bet_id, user_id, request_id)
   SELECT a.bet_id, s.u, s.r FROM attached a JOIN unnest(:users::bigint[], :requests::text[]) AS s(u, r) ON s.u = a.owner_id AND s.r = a.bet_request_id)`,
);
const chain: BatchChain<{ userId: bigint; requestId: string }> = {
  name: 'batch_test_rows',
  item: { userId: 0n, requestId: '' },
  build: (items) => sideRows({ users: items.map((i) => String(i.userId)), requests: items.map((i) => i.requestId) }),
};

const bet = (m: bigint, requestId: string, amount: bigint) =>
  placeBet(
    db,
    clock,
    {
      userId: m,
      gameType: 'sports',
      game: 'europe',
      round: '1',
      betType: 'single',
      selections: [{ name: 'A vs B', pick: 'home', odds: '2.00' }],
      odds: '2.00',
      amount,
      requestId,
    },
    { ...chain, item: { userId: m, requestId } },
  );

beforeAll(async () => {
  db = await freshDb();
  await db.query(`CREATE TABLE batch_test_side (bet_id bigint PRIMARY KEY REFERENCES bets(id), user_id bigint NOT NULL, request_id text NOT NULL)`);
  for (let i = 0; i < 30; i++) members.push(await fundedMember(db, clock, `batch${i}`, i === 1 ? 1_500n : FUND));
  // Member 0 has a daily loss limit the next bets stay under; member 4 one they pass.
  await db.query(`INSERT INTO member_limits (user_id, loss_daily, updated_at) VALUES ($1, 1000000, now()), ($2, 1500, now())`, [members[0], members[4]]);
  // One bet each, one by one: the account ids get cached (a batch posts only on cached ids).
  for (const [i, m] of members.entries()) await bet(m, `warm-${i}`, 1_000n);
});
afterAll(() => db?.drop());

describe(`bets placed together on ${testEngine}`, () => {
  it('go in shared statements, and each is answered as it would be alone', async () => {
    const before = { ...batchStats };
    const calls: { m: number; req: string; amount: bigint }[] = [];
    for (let i = 0; i < 30; i++) calls.push({ m: i, req: `b-${i}`, amount: 1_000n + BigInt(i) });
    calls.push({ m: 2, req: 'b-2-second', amount: 700n }); // a member's second bet at the same moment
    calls.push({ m: 3, req: 'warm-3', amount: 1_000n }); // a replay of a placed bet
    calls.push({ m: 5, req: 'b-5', amount: 1_005n }); // a replay inside the same burst
    const answers = await Promise.allSettled(calls.map((c) => bet(members[c.m], c.req, c.amount)));
    const byReq = new Map(calls.map((c, i) => [`${c.m}:${c.req}`, answers[i]]));

    // Refused exactly as alone: member 1 cannot pay (500 left), member 4 would pass the loss limit.
    const refusal = (k: string) => {
      const a = byReq.get(k)!;
      return a.status === 'rejected' && a.reason instanceof AppError ? a.reason.code : a.status;
    };
    expect(refusal('1:b-1')).toBe('insufficient_funds');
    expect(refusal('4:b-4')).toBe('loss_limit_daily');
    // The replay answers the first bet.
    const warm3 = (await db.query<{ id: bigint }>(`SELECT id FROM bets WHERE user_id = $1 AND request_id = 'warm-3'`, [members[3]])).rows[0].id;
    const replay = byReq.get('3:warm-3')!;
    expect(replay.status === 'fulfilled' && replay.value.id).toBe(warm3);
    for (const a of answers) if (a.status === 'rejected' && !(a.reason instanceof AppError)) throw a.reason;

    // Most bets shared a statement.
    const batches = batchStats.batches - before.batches;
    const posted = batchStats.posted - before.posted;
    expect(batchStats.failed - before.failed).toBe(0);
    expect(posted).toBeGreaterThanOrEqual(20);
    expect(batches).toBeLessThan(posted);

    // Every placed bet: its own row, the chained side row, money before/after from its posting.
    const placed = await db.query<{
      id: bigint;
      user_id: bigint;
      request_id: string;
      amount: bigint;
      money_before: bigint;
      money_after: bigint;
      side: bigint | null;
    }>(
      `SELECT b.id, b.user_id, b.request_id, b.amount, b.money_before, b.money_after, s.bet_id AS side FROM bets b LEFT JOIN batch_test_side s ON s.bet_id = b.id
       WHERE b.request_id NOT LIKE 'warm-%'`,
    );
    expect(placed.rows.length).toBe(29); // 30 members + member 2's second, less members 1 and 4
    for (const b of placed.rows) {
      expect(b.money_before - b.money_after).toBe(b.amount);
      expect(b.side).not.toBeNull();
    }
    // Balances: fund − warm-up − today's bets; the house holds every stake.
    let stakes = 0n;
    for (const [i, m] of members.entries()) {
      const mine = placed.rows.filter((b) => b.user_id === m).reduce((s, b) => s + b.amount, 0n);
      const fund = i === 1 ? 1_500n : FUND;
      expect((await getBalances(db, m)).money).toBe(fund - 1_000n - mine);
      stakes += 1_000n + mine;
    }
    expect((await houseBalances(db)).find((h) => h.code === HOUSE.stakes && h.asset === 'money')?.balance).toBe(stakes);
    // Each account's postings chain: one's balance before is the previous one's balance after.
    const gaps = await db.query(
      `SELECT id FROM (SELECT id, balance_before, lag(balance_after) OVER (PARTITION BY account_id ORDER BY id) AS prev FROM ledger_postings) p
       WHERE prev IS NOT NULL AND prev <> balance_before`,
    );
    expect(gaps.rows).toEqual([]);
    expect((await verifyLedger(db)).problems).toEqual([]);
  });

  // Only a server has more than one connection: on PGlite the holding transaction queues everything.
  it.runIf(testEngine === 'pg')('a member another transaction holds waits alone: the batch goes on without that bet', async () => {
    const member = await holdRows(db, 'SELECT id FROM users WHERE id = $1 FOR UPDATE', [members[10]]);
    let waiting = true;
    const blocked = bet(members[10], 'held-10', 1_000n).finally(() => (waiting = false));
    const others = await Promise.all([11, 12, 13, 14, 15].map((i) => bet(members[i], `held-${i}`, 1_000n)));
    expect(others.map((b) => b.user_id)).toEqual([11, 12, 13, 14, 15].map((i) => members[i]));
    expect(waiting).toBe(true);
    await member.release();
    expect((await blocked).user_id).toBe(members[10]);
    expect((await verifyLedger(db)).problems).toEqual([]);
  });

  it.runIf(testEngine === 'pg')('a batch waiting for a house row another transaction holds does not hold up the queue', async () => {
    // A batch's house legs use its first bet's shard (the key's hash): hold that row.
    const key = (m: bigint, r: string) => `bet:place:${m}:${r}`;
    const shard = shardOf(key(members[20], 'stall-20'));
    const house = await holdRows(db, `SELECT id FROM ledger_accounts WHERE owner_type = 'house' AND code = $1 AND asset = 'money' AND shard = $2 FOR UPDATE`, [
      HOUSE.stakes,
      shard,
    ]);
    const before = { ...batchStats };
    let waiting = true;
    const blocked = bet(members[20], 'stall-20', 1_000n).finally(() => (waiting = false));
    await new Promise((r) => setTimeout(r, 10)); // its batch is in flight, waiting for the row
    // Bets that arrive meanwhile, whose own first key hashes to another shard.
    const request = (i: number) => [0, 1, 2, 3, 4, 5, 6, 7].map((n) => `stall-${i}-${n}`).find((r) => shardOf(key(members[i], r)) !== shard)!;
    const others = await Promise.all([21, 22, 23].map((i) => bet(members[i], request(i), 1_000n)));
    expect(others.map((b) => b.user_id)).toEqual([21, 22, 23].map((i) => members[i]));
    expect(waiting).toBe(true);
    // They went as a batch beside the waiting one, not one by one.
    expect(batchStats.posted - before.posted).toBeGreaterThanOrEqual(3);
    await house.release();
    expect((await blocked).user_id).toBe(members[20]);
    expect(batchStats.posted - before.posted).toBe(4);
    expect((await verifyLedger(db)).problems).toEqual([]);
  });
});
