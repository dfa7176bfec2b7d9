import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { getBalances, HOUSE, transfer, verifyLedger } from '../ledger/index.ts';
import { cancelBet, placeBet, resettleBets, settleBets, unsettleBets } from '../betting/index.ts';
import { drain, drainOnce } from './drain.ts';

// Top first, minigame rates; 1,234,567 won pays 2,469 / 3,704 / 2,469 / 1,234 / 1,235 / 1,234 (decision 027).
const rolling = [1.0, 0.8, 0.5, 0.3, 0.2, 0.1].map((m) => ({ minigame_percent: m }));
const SPLIT = [2_469n, 3_704n, 2_469n, 1_234n, 1_235n, 1_234n];
const STAKE = 1_234_567n;
const ZERO = [0n, 0n, 0n, 0n, 0n, 0n];

let db: TestDb;
const clock = new ManualClock();
let agents: bigint[];
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'cr', rolling));
});
afterAll(() => db?.drop());

let n = 0;
const bet = () =>
  placeBet(db, clock, {
    userId: member,
    gameType: 'minigame',
    game: 'reverse-test',
    round: 'r1',
    betType: 'single',
    selections: [{ name: 'T', pick: 'odd', odds: '2.00' }],
    odds: '2.00',
    amount: STAKE,
    requestId: `cr-${++n}`,
  });
const settle = (id: bigint, outcome: 'won' | 'lost', key: string) => db.tx((sql) => settleBets(sql, clock, key, [{ betId: id, outcome }]));
const monies = async () => Promise.all(agents.map(async (a) => (await getBalances(db, a)).money));
const gained = async (before: bigint[]) => (await monies()).map((m, i) => m - before[i]);
const ok = async () => expect((await verifyLedger(db)).problems).toEqual([]);
const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0].n;
const outbox = () => count('SELECT count(*)::int AS n FROM bet_outbox');
const accruals = (betId: bigint) =>
  db.query<{ stage: number; reversed: boolean; written_off: bigint; paid: boolean }>(
    `SELECT stage, reversed_at IS NOT NULL AS reversed, written_off, paid_tx IS NOT NULL AS paid FROM commission_accruals_traced WHERE bet_id = $1 ORDER BY stage, agent_id`,
    [betId],
  );

describe(`commission reversal on ${testEngine}`, () => {
  it('a re-entered result reverses the first settlement once and pays the second', async () => {
    const before = await monies();
    const b = await bet();
    await settle(b.id, 'won', `re1-${b.id}`);
    await drain(db, clock);
    expect(await gained(before)).toEqual(SPLIT);
    await db.tx((sql) => resettleBets(sql, clock, { recall: `re-u-${b.id}`, settle: `re-s-${b.id}` }, [b.id], [{ betId: b.id, outcome: 'lost' }]));
    // One reverse (stage 1) and one accrue (stage 2) row.
    expect(await outbox()).toBe(2);
    await drain(db, clock);
    expect(await gained(before)).toEqual(SPLIT);
    const rows = (await accruals(b.id)).rows;
    expect(rows.filter((r) => r.stage === 1).every((r) => r.reversed)).toBe(true);
    // Stage 2 pays what stage 1's reversal takes back, agent by agent: the batch nets to nothing
    // and posts no ledger transaction.
    expect(rows.filter((r) => r.stage === 2).every((r) => !r.reversed && !r.paid)).toBe(true);
    expect(rows).toHaveLength(12);
    expect(await drain(db, clock)).toBe(0);
    expect(await gained(before)).toEqual(SPLIT);
    await ok();
  });

  it('settle, unsettle and settle again before one drain pays one split', async () => {
    const before = await monies();
    const b = await bet();
    await settle(b.id, 'won', `rb1-${b.id}`);
    await db.tx((sql) => unsettleBets(sql, clock, `rb-u-${b.id}`, [b.id]));
    await settle(b.id, 'lost', `rb2-${b.id}`);
    expect(await outbox()).toBe(3);
    expect(await drain(db, clock)).toBe(3);
    expect(await gained(before)).toEqual(SPLIT);
    await ok();
  });

  it("a seamless wallet rollback (unsettle with force, then cancel, as rollback.ts) takes every agent's part back once", async () => {
    const before = await monies();
    const b = await bet();
    await settle(b.id, 'won', `rc-${b.id}`);
    await drain(db, clock);
    expect(await gained(before)).toEqual(SPLIT);
    await db.tx(async (sql) => {
      await unsettleBets(sql, clock, `rc-u-${b.id}`, [b.id], { force: true });
      await cancelBet(sql, clock, b.id, 'feed');
    });
    // The re-opening reverses stage 1; the cancellation (stage 2, cancelled) earns nothing.
    expect(await outbox()).toBe(2);
    await drain(db, clock);
    expect(await gained(before)).toEqual(ZERO);
    expect((await accruals(b.id)).rows.every((r) => r.reversed && r.written_off === 0n)).toBe(true);
    expect(await drain(db, clock)).toBe(0);
    expect(await gained(before)).toEqual(ZERO);
    await ok();
  });

  it('a reversal an agent can no longer pay takes what it holds and writes the rest off to house:adjustments', async () => {
    const b = await bet();
    await settle(b.id, 'won', `rw-${b.id}`);
    const paidBy = (await drainOnce(db, clock))?.transactionId;
    expect(paidBy).toEqual(expect.any(BigInt));
    const shop = agents[5];
    // The shop spends all but 200 won of what it holds.
    const held = (await getBalances(db, shop)).money;
    await db.tx((sql) =>
      transfer(sql, clock, {
        idempotencyKey: `rw-spend-${b.id}`,
        kind: 'test.spend',
        from: { user: shop, asset: 'money' },
        to: { house: HOUSE.adjustments, asset: 'money' },
        amount: held - 200n,
      }),
    );
    const before = await monies();
    await db.tx((sql) => unsettleBets(sql, clock, `rw-u-${b.id}`, [b.id], { force: true }));
    const reversedBy = (await drainOnce(db, clock))?.transactionId;
    expect(reversedBy).toEqual(expect.any(BigInt));
    const g = await gained(before);
    expect(g.slice(0, 5)).toEqual(SPLIT.slice(0, 5).map((x) => -x));
    expect(g[5]).toBe(-200n);
    // Every part traces to the batch transaction that paid it and the one that took it back (migration 042).
    const rows = await db.query<{ agent_id: bigint; written_off: bigint; paid_tx: bigint | null; reversed_tx: bigint | null }>(
      'SELECT agent_id, written_off, paid_tx, reversed_tx FROM commission_accruals_traced WHERE bet_id = $1 ORDER BY agent_id',
      [b.id],
    );
    expect(rows.rows).toHaveLength(6);
    expect(rows.rows.every((r) => r.paid_tx === paidBy && r.reversed_tx === reversedBy)).toBe(true);
    expect(rows.rows.map((r) => r.written_off)).toEqual(agents.map((a) => (a === shop ? SPLIT[5] - 200n : 0n)));
    await ok();
  });

  it('a drain killed inside its transaction leaves the outbox whole; the next drain pays once', async () => {
    const before = await monies();
    const b = await bet();
    await settle(b.id, 'lost', `rk-${b.id}`);
    await expect(
      drainOnce(db, clock, {
        beforeCommit: () => {
          throw new Error('killed mid-batch');
        },
      }),
    ).rejects.toThrow('killed mid-batch');
    expect(await outbox()).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM commission_accruals WHERE bet_id = $1', [b.id])).toBe(0);
    expect(await gained(before)).toEqual(ZERO);
    expect(await drain(db, clock)).toBe(1);
    expect(await gained(before)).toEqual(SPLIT);
    await ok();
  });

  it('two drains at once pay once: the second waits, finds nothing, or is locked out', async () => {
    const before = await monies();
    for (let i = 0; i < 3; i++) {
      const b = await bet();
      await settle(b.id, 'won', `rp-${b.id}`);
    }
    const reports = await Promise.all([drainOnce(db, clock), drainOnce(db, clock)]);
    expect(reports.reduce((a, r) => a + (r?.taken ?? 0), 0)).toBe(3);
    expect(await gained(before)).toEqual(SPLIT.map((x) => 3n * x));
    await ok();
  });

  it('an outbox row seen twice (the key is the proof) pays once', async () => {
    const before = await monies();
    const b = await bet();
    await settle(b.id, 'won', `rd-${b.id}`);
    const copy = `INSERT INTO bet_outbox (bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at)
      SELECT bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at FROM bet_outbox WHERE bet_id = $1`;
    await db.query(copy, [b.id]);
    expect(await outbox()).toBe(2);
    await drain(db, clock);
    expect(await gained(before)).toEqual(SPLIT);
    // And once more in a later batch.
    await db.query(
      `INSERT INTO bet_outbox (bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at)
       VALUES ($1, 1, 'accrue', $2, 'minigame', 'single', 'reverse-test', $3, 'won', now())`,
      [b.id, member, STAKE],
    );
    expect(await drain(db, clock)).toBe(1);
    expect(await gained(before)).toEqual(SPLIT);
    await ok();
  });
});
