import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { observe } from '../../platform/db.ts';
import { definePart, getBalances, verifyLedger } from '../ledger/index.ts';
import { placeBet, settleBets, settleOneBet, unsettleBets, type Outcome } from './service.ts';
import * as repo from './repo.ts';

let h: Harness;
let a: bigint;
beforeAll(async () => {
  h = await harness();
  a = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0].id;
});
afterAll(() => h?.close());

let n = 0;
const bet = (amount: bigint, odds = '2.00') =>
  placeBet(h.db, h.clock, {
    userId: a,
    gameType: 'minigame',
    game: 'one-test',
    round: 'r1',
    betType: 'single',
    selections: [{ name: 'T', pick: 'odd', odds }],
    odds,
    amount,
    requestId: `one-${++n}-${Date.now()}`,
  });
const money = async () => (await getBalances(h.db, a)).money;

/** What a settlement wrote: the bet row (without ids and times) and its ledger transaction's postings. */
async function written(betId: bigint) {
  const b = (await repo.byId(h.db, betId))!;
  const tx = await h.db.query<{ idempotency_key: string; kind: string; memo: string; reason_type: string; reason_id: string }>(
    `SELECT idempotency_key, kind, memo, reason_type, reason_id FROM ledger_transactions WHERE id = $1`,
    [b.settled_tx],
  );
  const postings = await h.db.query<{ code: string | null; owner: boolean; amount: bigint }>(
    `SELECT a.code, a.owner_id IS NOT NULL AS owner, p.amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE p.transaction_id = $1 ORDER BY p.amount, a.code`,
    [b.settled_tx],
  );
  const t = tx.rows[0];
  return {
    bet: { status: b.status, win_amount: b.win_amount, settle_count: b.settle_count, cancelled_by: b.cancelled_by, settled: b.settled_at !== null },
    // The key names the batch key and the bet: compared with the bet id taken out.
    tx: { ...t, idempotency_key: t.idempotency_key.replace(/^bet:settle:[^:]*:/, ''), reason_id: t.reason_id === String(betId) },
    postings: postings.rows,
  };
}

describe(`settleOneBet on ${testEngine}`, () => {
  const cases: [Outcome, bigint | undefined][] = [
    ['won', undefined],
    ['won', 14_500n],
    ['lost', undefined],
    ['void', undefined],
    ['won', 10_000n],
  ];
  for (const [outcome, winAmount] of cases)
    it(`writes what settleBets writes for one bet (${outcome} ${winAmount ?? ''}), in one statement`, async () => {
      const x = await bet(10_000n);
      const y = await bet(10_000n);
      const m0 = await money();
      await h.db.tx((sql) => settleBets(sql, h.clock, `cmp-${x.id}`, [{ betId: x.id, outcome, winAmount }]));
      const viaBatch = await money();
      let statements = 0;
      const r = await settleOneBet(
        observe(h.db, () => statements++),
        h.clock,
        { bet: y, outcome, winAmount, batchKey: `cmp-${y.id}` },
      );
      expect(r.settled).toBe(true);
      expect(statements).toBe(1);
      expect((await money()) - viaBatch).toBe(viaBatch - m0);
      const [wx, wy] = [await written(x.id), await written(y.id)];
      // Same key shape: the hash covers bet id and settle count, so it differs; the rest is equal.
      expect({ ...wy, tx: { ...wy.tx, idempotency_key: '' } }).toEqual({ ...wx, tx: { ...wx.tx, idempotency_key: '' } });
      expect(
        (await h.db.query(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [`bet:settle:cmp-${y.id}:${wy.tx.idempotency_key}`])).rows,
      ).toHaveLength(1);
    });

  it('names the same ledger key as settleBets for the same bet and batch key', async () => {
    const x = await bet(3_000n);
    const r = await settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: 'same-key' });
    expect(r.settled).toBe(true);
    // Made open again by hand (as if never settled): settleBets forms the same key and finds it used.
    await h.db.tx(async (sql) => {
      await sql.query(`UPDATE bets SET status = 'open', settle_count = 0 WHERE id = $1`, [x.id]);
      await expect(settleBets(sql, h.clock, 'same-key', [{ betId: x.id, outcome: 'won' }])).rejects.toThrow(/already posted/);
    });
  });

  it('settles nothing twice: a replay, a bet no longer as read, a guard that says no', async () => {
    const x = await bet(5_000n);
    const m0 = await money();
    expect((await settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: `rep-${x.id}` })).settled).toBe(true);
    expect(await money()).toBe(m0 + 10_000n);
    expect((await settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: `rep-${x.id}` })).settled).toBe(false);
    expect((await settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: `other-${x.id}` })).settled).toBe(false);
    expect((await settleBets(h.db, h.clock, `again-${x.id}`, [{ betId: x.id, outcome: 'won' }])).settled).toEqual([]);
    expect(await money()).toBe(m0 + 10_000n);

    const y = await bet(5_000n);
    const m1 = await money();
    // Read before another settler reopened it: amount differs from what the caller saw.
    expect((await settleOneBet(h.db, h.clock, { bet: { ...y, amount: 4_000n }, outcome: 'won', batchKey: `seen-${y.id}` })).settled).toBe(false);
    // The caller's checks and rows (`rows`): its guard answers (user_id, ok) per member.
    const guards = {
      true: definePart('test_true', `SELECT :a::bigint AS user_id, true AS ok`),
      false: definePart('test_false', `SELECT :a::bigint AS user_id, false AS ok`),
    };
    const then = definePart('test_then', `tt AS (SELECT bet_id, player_after FROM attached)`);
    const rows = (ok: 'true' | 'false') => ({ name: `test_${ok}`, item: null, guard: () => guards[ok]({ a }), then: () => then({}) });
    expect((await settleOneBet(h.db, h.clock, { bet: y, outcome: 'won', batchKey: `g-${y.id}` }, rows('false'))).settled).toBe(false);
    expect(await money()).toBe(m1);
    expect((await repo.byId(h.db, y.id))!.status).toBe('open');
    const r = await settleOneBet(h.db, h.clock, { bet: y, outcome: 'won', batchKey: `g-${y.id}` }, rows('true'));
    expect(r).toMatchObject({ settled: true, win: 10_000n, attached: { bet_id: y.id, player_after: m1 + 10_000n } });
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  const settleTxs = async (betId: bigint) =>
    (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'bet.settle' AND reason_id = $1`, [String(betId)]))
      .rows[0].n;

  it('settles no bet changed since it was read: settled by another, or reopened (settle count moved)', async () => {
    const x = await bet(2_000n); // as read: open, settle_count 0
    const m0 = await money();
    expect((await settleBets(h.db, h.clock, `first-${x.id}`, [{ betId: x.id, outcome: 'won' }])).settled).toEqual([x.id]);
    expect(await money()).toBe(m0 + 4_000n);
    // Under new batch keys, so the ledger key cannot be what refuses them: only the bet's guard can.
    expect((await settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: `late-${x.id}` })).settled).toBe(false);
    expect((await h.db.tx((sql) => settleOneBet(sql, h.clock, { bet: x, outcome: 'won', batchKey: `late-t-${x.id}` }))).settled).toBe(false);
    expect(await money()).toBe(m0 + 4_000n);

    // Reopened (open again, the payout recalled, settle_count 1): the read above is stale.
    await h.db.tx((sql) => unsettleBets(sql, h.clock, `undo-${x.id}`, [x.id], { force: true }));
    expect(await repo.byId(h.db, x.id)).toMatchObject({ status: 'open', settle_count: 1 });
    expect(await money()).toBe(m0);
    expect((await settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: `stale-${x.id}` })).settled).toBe(false);
    expect((await h.db.tx((sql) => settleOneBet(sql, h.clock, { bet: x, outcome: 'won', batchKey: `stale-t-${x.id}` }))).settled).toBe(false);
    expect(await money()).toBe(m0);
    expect(await settleTxs(x.id)).toBe(1);

    // Read again, it settles once.
    const fresh = (await repo.byId(h.db, x.id))!;
    expect((await settleOneBet(h.db, h.clock, { bet: fresh, outcome: 'won', batchKey: `fresh-${x.id}` })).settled).toBe(true);
    expect(await money()).toBe(m0 + 4_000n);
    expect(await repo.byId(h.db, x.id)).toMatchObject({ status: 'won', settle_count: 2 });
    expect(await settleTxs(x.id)).toBe(2);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('three settlers of one bet at once, under different keys (alone and in transactions): exactly one pays', async () => {
    const x = await bet(3_000n);
    const m0 = await money();
    const rs = await Promise.all([
      settleOneBet(h.db, h.clock, { bet: x, outcome: 'won', batchKey: `p1-${x.id}` }),
      h.db.tx((sql) => settleOneBet(sql, h.clock, { bet: x, outcome: 'won', batchKey: `p2-${x.id}` })),
      h.db.tx((sql) => settleOneBet(sql, h.clock, { bet: x, outcome: 'lost', batchKey: `p3-${x.id}` })),
    ]);
    expect(rs.map((r) => r.settled).filter(Boolean)).toHaveLength(1);
    const b = (await repo.byId(h.db, x.id))!;
    expect(b.settle_count).toBe(1);
    expect(await money()).toBe(m0 + (b.status === 'won' ? 6_000n : 0n));
    expect(await settleTxs(x.id)).toBe(1);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });
});
