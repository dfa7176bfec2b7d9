import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, HOUSE, houseBalances, transfer, verifyLedger } from '../ledger/index.ts';
import type { Sql } from '../../platform/db.ts';
import { crashWhenSettling } from '../../test/crash.ts';
import { cancelBet, placeBet, resettleBets, settleBets, unsettleBets } from './service.ts';

let h: Harness;
let a: bigint;
let b: bigint;
beforeAll(async () => {
  h = await harness();
  const id = async (acc: string) => (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [acc])).rows[0].id;
  a = await id('user4');
  b = await id('user5');
});
afterAll(() => h?.close());

let n = 0;
const bet = (userId: bigint, amount: bigint, odds = '2.00') =>
  h.db.tx((sql) =>
    placeBet(sql, h.clock, {
      userId,
      gameType: 'minigame',
      game: 'settle-test',
      round: 'r1',
      betType: 'single',
      selections: [{ name: 'T', pick: 'odd', odds }],
      odds,
      amount,
      requestId: `settle-${++n}-${Date.now()}`,
    }),
  );
const money = async (u: bigint) => (await getBalances(h.db, u)).money;
const stakesHeld = async () => (await houseBalances(h.db)).find((r) => r.code === 'stakes' && r.asset === 'money')?.balance ?? 0n;
const ok = async () => expect((await verifyLedger(h.db)).problems).toEqual([]);
/** The commission outbox rows of these bets, in the order they were written: kind, bet, stage, status, amount. */
const outbox = async (ids: bigint[], on: Sql = h.db) =>
  (
    await on.query<{ kind: string; bet_id: bigint; stage: number; status: string; amount: bigint }>(
      'SELECT kind, bet_id, stage, status, amount FROM bet_outbox WHERE bet_id = ANY($1::bigint[]) ORDER BY id',
      [ids.map(String)],
    )
  ).rows.map((r) => [r.kind, r.bet_id, r.stage, r.status, r.amount]);

describe(`batch settlement on ${testEngine}`, () => {
  it('settles a mixed batch in one ledger transaction and skips bets that are not open', async () => {
    const [a0, b0] = [await money(a), await money(b)];
    const held0 = await stakesHeld();
    const w = await bet(a, 10_000n);
    const l = await bet(b, 20_000n);
    const v = await bet(a, 5_000n);
    const half = await bet(b, 10_000n, '1.90');
    expect(await stakesHeld()).toBe(held0 + 45_000n);
    const r = await h.db.tx((sql) =>
      settleBets(sql, h.clock, 'round-1', [
        { betId: w.id, outcome: 'won' },
        { betId: l.id, outcome: 'lost' },
        { betId: v.id, outcome: 'void' },
        { betId: half.id, outcome: 'won', winAmount: 14_500n },
      ]),
    );
    expect(r.settled).toHaveLength(4);
    expect(await money(a)).toBe(a0 - 15_000n + 20_000n + 5_000n);
    expect(await money(b)).toBe(b0 - 30_000n + 14_500n);
    expect(await stakesHeld()).toBe(held0);
    const rows = (
      await h.db.query<{ status: string; win_amount: bigint; settled_tx: bigint; settle_count: number }>(
        'SELECT status, win_amount, settled_tx, settle_count FROM bets WHERE id = ANY($1::bigint[]) ORDER BY id',
        [[w.id, l.id, v.id, half.id].map(String)],
      )
    ).rows;
    expect(rows.map((x) => [x.status, x.win_amount, x.settle_count])).toEqual([
      ['won', 20_000n, 1],
      ['lost', 0n, 1],
      ['void', 5_000n, 1],
      ['won', 14_500n, 1],
    ]);
    expect(new Set(rows.map((x) => x.settled_tx)).size).toBe(1);
    // The same batch again (a restarted job): everything is skipped, nothing moves.
    const again = await h.db.tx((sql) => settleBets(sql, h.clock, 'round-1', [{ betId: w.id, outcome: 'won' }]));
    expect(again).toEqual({ settled: [], skipped: [w.id] });
    expect(await money(a)).toBe(a0 + 10_000n);
    await ok();
  });

  it('rolls the whole batch back when the transaction fails: nothing paid, bets still open', async () => {
    const w = await bet(a, 10_000n);
    const before = await money(a);
    await expect(
      h.db.tx(async (sql) => {
        await settleBets(sql, h.clock, 'crash', [{ betId: w.id, outcome: 'won' }]);
        throw new Error('crash after the batch');
      }),
    ).rejects.toThrow('crash');
    expect(await money(a)).toBe(before);
    const again = await h.db.tx((sql) => settleBets(sql, h.clock, 'crash', [{ betId: w.id, outcome: 'won' }]));
    expect(again.settled).toEqual([w.id]);
    expect(await money(a)).toBe(before + 20_000n);
    await ok();
  });

  it('re-entry: unsettle recalls a paid prize, then settles again with the new result', async () => {
    const w = await bet(a, 10_000n);
    await h.db.tx((sql) => settleBets(sql, h.clock, 're-1', [{ betId: w.id, outcome: 'won' }]));
    const paid = await money(a);
    const r = await h.db.tx((sql) => unsettleBets(sql, h.clock, 're-1', [w.id]));
    expect(r).toEqual({ reopened: [w.id], shortfalls: [] });
    expect(await money(a)).toBe(paid - 20_000n);
    await h.db.tx((sql) => settleBets(sql, h.clock, 're-1', [{ betId: w.id, outcome: 'lost' }]));
    expect(await money(a)).toBe(paid - 20_000n);
    const row = (await h.db.query<{ status: string; settle_count: number }>('SELECT status, settle_count FROM bets WHERE id = $1', [w.id])).rows[0];
    expect(row).toEqual({ status: 'lost', settle_count: 2 });
    await ok();
  });

  it('resettleBets = unsettle + settle again in one pass: same ledger keys, outbox rows and money; a bet not graded again is left open', async () => {
    const w = await bet(a, 10_000n);
    const l = await bet(b, 20_000n);
    const o = await bet(a, 5_000n);
    await h.db.tx((sql) =>
      settleBets(sql, h.clock, 'rs-1', [
        { betId: w.id, outcome: 'won' },
        { betId: l.id, outcome: 'lost' },
        { betId: o.id, outcome: 'won' },
      ]),
    );
    const [a0, b0] = [await money(a), await money(b)];
    const held0 = await stakesHeld();
    const ids = [w.id, l.id, o.id];
    const first = await outbox(ids);
    expect(first.map((r) => r[0])).toEqual(['accrue', 'accrue', 'accrue']);
    let beforeHook: unknown[] = [];
    const r = await h.db.tx((sql) =>
      resettleBets(
        sql,
        h.clock,
        { recall: 'rs-1:u', settle: 'rs-1:s' },
        ids,
        [
          { betId: w.id, outcome: 'lost' },
          { betId: l.id, outcome: 'won' },
        ],
        {
          beforePost: async (reopened, settled) => {
            // The hook runs before anything is written: the transaction sees only the first settlement.
            beforeHook = [reopened.length, settled.length, (await outbox(ids, sql)).length];
          },
        },
      ),
    );
    expect(r).toEqual({ reopened: ids, settled: [w.id, l.id], shortfalls: [] });
    expect(beforeHook).toEqual([3, 2, 3]);
    // Every bet's first settlement is reversed, then the two settled again accrue at stage 2.
    expect((await outbox(ids)).slice(3)).toEqual([
      ['reverse', w.id, 1, 'open', 10_000n],
      ['reverse', l.id, 1, 'open', 20_000n],
      ['accrue', w.id, 2, 'lost', 10_000n],
      ['accrue', l.id, 2, 'won', 20_000n],
      ['reverse', o.id, 1, 'open', 5_000n],
    ]);
    expect(await money(a)).toBe(a0 - 20_000n - 10_000n);
    expect(await money(b)).toBe(b0 + 40_000n);
    expect(await stakesHeld()).toBe(held0 + 5_000n);
    const rows = (
      await h.db.query<{ id: bigint; status: string; win_amount: bigint; settle_count: number; settled_tx: bigint | null }>(
        'SELECT id, status, win_amount, settle_count, settled_tx FROM bets WHERE id = ANY($1::bigint[]) ORDER BY id',
        [[w.id, l.id, o.id].map(String)],
      )
    ).rows;
    expect(rows.map((x) => [x.status, x.win_amount, x.settle_count])).toEqual([
      ['lost', 0n, 2],
      ['won', 40_000n, 2],
      ['open', 0n, 1],
    ]);
    expect(rows[2].settled_tx).toBeNull();
    // Two ledger transactions under the keys the two separate calls would use: a retry of either replays.
    const kinds = (
      await h.db.query<{ kind: string }>(`SELECT kind FROM ledger_transactions WHERE id = $1 OR idempotency_key LIKE 'bet:unsettle:rs-1:u:%'`, [
        String(rows[0].settled_tx),
      ])
    ).rows.map((x) => x.kind);
    expect(kinds.sort()).toEqual(['bet.settle', 'bet.unsettle']);
    // The open one settles later like any open bet.
    await h.db.tx((sql) => settleBets(sql, h.clock, 'rs-2', [{ betId: o.id, outcome: 'lost' }]));
    expect(await stakesHeld()).toBe(held0);
    await ok();
  });

  it('a recall the player cannot cover is refused, or forced with the shortfall written off', async () => {
    const w = await bet(b, 10_000n, '10.00');
    await h.db.tx((sql) => settleBets(sql, h.clock, 'sf', [{ betId: w.id, outcome: 'won' }]));
    const held = await money(b);
    // The player spends all but 30,000 of it.
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: `spend-${w.id}`,
        kind: 'test.spend',
        from: { user: b, asset: 'money' },
        to: { house: HOUSE.adjustments, asset: 'money' },
        amount: held - 30_000n,
      }),
    );
    await expect(h.db.tx((sql) => unsettleBets(sql, h.clock, 'sf', [w.id]))).rejects.toMatchObject({ code: 'recall_insufficient' });
    expect(await money(b)).toBe(30_000n);
    const r = await h.db.tx((sql) => unsettleBets(sql, h.clock, 'sf', [w.id], { force: true }));
    expect(r.shortfalls).toEqual([{ betId: w.id, userId: b, missing: 70_000n }]);
    expect(await money(b)).toBe(0n);
    await ok();
  });

  it('cancels an open bet with the stake refunded, and un-cancels it (rollback of a cancel)', async () => {
    const x = await bet(a, 7_000n);
    const before = await money(a);
    const c = await h.db.tx((sql) => cancelBet(sql, h.clock, x.id, 'player'));
    expect(c).toMatchObject({ status: 'cancelled', cancelled_by: 'player', win_amount: 7_000n });
    expect(await money(a)).toBe(before + 7_000n);
    await expect(h.db.tx((sql) => cancelBet(sql, h.clock, x.id, 'player'))).rejects.toMatchObject({ code: 'bet_settled' });
    await h.db.tx((sql) => unsettleBets(sql, h.clock, 'uncancel', [x.id]));
    expect(await money(a)).toBe(before);
    await ok();
  });

  it('records each change of a bet as a bet_outbox row, in order, with the amounts; a crash rolls the row back with the settlement', async () => {
    const w = await bet(a, 10_000n);
    const win = async () => (await h.db.query<{ win_amount: bigint }>('SELECT win_amount FROM bets WHERE id = $1', [w.id])).rows[0].win_amount;
    // Placement writes nothing: commissions are credited at settlement.
    expect(await outbox([w.id])).toEqual([]);
    await h.db.tx((sql) => settleBets(sql, h.clock, 'ev', [{ betId: w.id, outcome: 'won' }]));
    expect(await win()).toBe(20_000n);
    await h.db.tx((sql) => unsettleBets(sql, h.clock, 'ev', [w.id]));
    expect(await win()).toBe(0n);
    await h.db.tx((sql) => cancelBet(sql, h.clock, w.id, 'admin'));
    expect(await win()).toBe(10_000n);
    expect(await outbox([w.id])).toEqual([
      ['accrue', w.id, 1, 'won', 10_000n],
      ['reverse', w.id, 1, 'open', 10_000n],
      ['accrue', w.id, 2, 'cancelled', 10_000n],
    ]);
    // A crash while the bet row is written rolls back the payout already posted in the same transaction, and writes no outbox row.
    const y = await bet(a, 1_000n);
    const before = await money(a);
    const held = await stakesHeld();
    const heal = await crashWhenSettling(h.db, y.id);
    try {
      await expect(h.db.tx((sql) => settleBets(sql, h.clock, 'ev2', [{ betId: y.id, outcome: 'won' }]))).rejects.toThrow('crash while settling');
    } finally {
      await heal();
    }
    expect(await money(a)).toBe(before);
    expect(await stakesHeld()).toBe(held);
    expect(await outbox([y.id])).toEqual([]);
    expect((await h.db.query<{ status: string }>('SELECT status FROM bets WHERE id = $1', [y.id])).rows[0].status).toBe('open');
    await ok();
  });
});
