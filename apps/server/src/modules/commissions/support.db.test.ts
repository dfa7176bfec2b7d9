import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { cancelBet, placeBet, resettleBets, settleBets, unsettleBets } from '../betting/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { drain } from './drain.ts';

// The support rate (decision 043): a rate of the valid stake of casino and slot bets with outside
// vendors, split along the six-tier chain like rolling, posted as its own ledger kind.
// Casino: support 1.0/0.8/0.5/0.3/0.2/0.1 % (top first), no casino rolling, so every won an agent
// gains on a casino bet is support: 1,234,567 won pays 2,469 / 3,704 / 2,469 / 1,234 / 1,235 / 1,234.
// Slot: support 0.7/0.7/0.4/0.25/0.05/0 % beside slot rolling 0.5 % at the top.
const CASINO = [1.0, 0.8, 0.5, 0.3, 0.2, 0.1];
const SLOT = [0.7, 0.7, 0.4, 0.25, 0.05, 0];
const rolling = CASINO.map((c, i) => ({
  support_casino_percent: c,
  support_slot_percent: SLOT[i],
  slot_percent: [0.5, 0.4, 0.3, 0.2, 0.1, 0][i],
  minigame_percent: 0.5,
  sports_single_percent: 0.5,
}));
const STAKE = 1_234_567n;
const CASINO_SPLIT = [2_469n, 3_704n, 2_469n, 1_234n, 1_235n, 1_234n];
const ZERO = [0n, 0n, 0n, 0n, 0n, 0n];

let db: TestDb;
const clock = new ManualClock();
let agents: bigint[];
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'sp', rolling));
});
afterAll(() => db?.drop());

let n = 0;
const bet = (gameType: 'casino' | 'slot' | 'sports' | 'minigame', vendor: string | null, amount = STAKE) =>
  placeBet(db, clock, {
    userId: member,
    gameType,
    game: gameType === 'sports' ? 'soccer' : gameType === 'minigame' ? 'one-test' : 'g1',
    vendor,
    round: 'r1',
    betType: 'single',
    selections: [{ name: 'T', pick: 'odd', odds: '2.00' }],
    odds: '2.00',
    amount,
    requestId: `sp-${++n}`,
  });
const settle = (id: bigint, outcome: 'won' | 'lost') => db.tx((sql) => settleBets(sql, clock, `sp-s-${id}-${++n}`, [{ betId: id, outcome }]));
const monies = async () => Promise.all(agents.map(async (a) => (await getBalances(db, a)).money));
const gained = async (before: bigint[]) => (await monies()).map((m, i) => m - before[i]);
/** Per agent (top first), the support standing for a bet. */
const standing = async (betId: bigint) => {
  const rows = (
    await db.query<{ agent_id: bigint; amount: bigint }>('SELECT agent_id, amount FROM commission_support_accruals WHERE bet_id = $1 AND reversed_at IS NULL', [
      betId,
    ])
  ).rows;
  return agents.map((a) => rows.filter((r) => r.agent_id === a).reduce((s, r) => s + r.amount, 0n));
};
/** Per agent (top first), the net of every commission.support posting. */
const supportPosted = async () => {
  const rows = (
    await db.query<{ owner_id: bigint; total: bigint }>(
      `SELECT a.owner_id, sum(p.amount)::bigint AS total FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       JOIN ledger_accounts a ON a.id = p.account_id WHERE t.kind = 'commission.support' AND a.owner_type = 'user' GROUP BY a.owner_id`,
    )
  ).rows;
  return agents.map((a) => rows.find((r) => r.owner_id === a)?.total ?? 0n);
};
const ok = async () => expect((await verifyLedger(db)).problems).toEqual([]);
const topShare = (percent: number, stake: bigint) => (BigInt(Math.round(percent * 10_000)) * stake) / 1_000_000n;

describe(`support rate on ${testEngine}`, () => {
  it('splits an outside-vendor casino bet along the six tiers exactly, as its own ledger kind', async () => {
    const before = await monies();
    const postedBefore = await supportPosted();
    const b = await bet('casino', 'evolution');
    await settle(b.id, 'lost');
    await drain(db, clock);
    // No casino rolling: the whole gain is support, top first, summing to floor(1 % × stake).
    expect(await gained(before)).toEqual(CASINO_SPLIT);
    expect(CASINO_SPLIT.reduce((s, x) => s + x, 0n)).toBe(topShare(1.0, STAKE));
    expect(await standing(b.id)).toEqual(CASINO_SPLIT);
    expect((await supportPosted()).map((x, i) => x - postedBefore[i])).toEqual(CASINO_SPLIT);
    // Traceable: each part names the batch transaction that paid it, of kind commission.support.
    const traced = await db.query<{ kind: string }>(
      `SELECT DISTINCT t.kind FROM commission_support_accruals s JOIN ledger_transactions t ON t.id = s.paid_tx WHERE s.bet_id = $1`,
      [b.id],
    );
    expect(traced.rows).toEqual([{ kind: 'commission.support' }]);
    // Rolling readers see no support (commission_accruals is rolling only).
    expect((await db.query('SELECT 1 FROM commission_accruals WHERE bet_id = $1', [b.id])).rows).toEqual([]);
    await ok();
  });

  it('pays an outside-vendor slot bet its support beside its rolling, each summing to its top rate × stake', async () => {
    const stakes = [1_000_003n, 777_777n, 5_432_109n];
    for (const stake of stakes) {
      const postedBefore = await supportPosted();
      const b = await bet('slot', 'pragmatic', stake);
      await settle(b.id, 'won');
      await drain(db, clock);
      const support = await standing(b.id);
      expect(support.reduce((s, x) => s + x, 0n)).toBe(topShare(0.7, stake));
      expect(support.every((x) => x >= 0n)).toBe(true);
      // Equal rates (0.7 over 0.7): the upper agent earns nothing; the lowest (0 %) nothing either.
      expect(support[0]).toBe(0n);
      expect(support[5]).toBe(0n);
      expect((await supportPosted()).map((x, i) => x - postedBefore[i])).toEqual(support);
      const roll = (
        await db.query<{ total: bigint }>('SELECT sum(amount)::bigint AS total FROM commission_accruals WHERE bet_id = $1 AND reversed_at IS NULL', [b.id])
      ).rows[0].total;
      expect(roll).toBe(topShare(0.5, stake));
    }
    await ok();
  });

  it('pays no support on a house-vendor casino or slot bet, nor on sports or mini-game bets', async () => {
    const postedBefore = await supportPosted();
    const bets = [await bet('casino', 'house'), await bet('slot', 'house'), await bet('sports', null), await bet('minigame', null)];
    for (const b of bets) await settle(b.id, 'lost');
    await drain(db, clock);
    for (const b of bets) expect(await standing(b.id)).toEqual(ZERO);
    expect(await supportPosted()).toEqual(postedBefore);
    // Their rolling still accrued where a rolling rate is set: slot, sports, mini game (no casino rolling here).
    const rolled = await db.query<{ bet_id: bigint }>('SELECT DISTINCT bet_id FROM commission_accruals WHERE bet_id = ANY($1::bigint[]) ORDER BY bet_id', [
      bets.map((b) => String(b.id)),
    ]);
    expect(rolled.rows.map((r) => r.bet_id)).toEqual(bets.slice(1).map((b) => b.id));
    await ok();
  });

  it('a re-settled bet takes its support back once and pays the new settlement once', async () => {
    const before = await monies();
    const b = await bet('casino', 'evolution');
    await settle(b.id, 'won');
    await drain(db, clock);
    expect(await gained(before)).toEqual(CASINO_SPLIT);
    await db.tx((sql) => resettleBets(sql, clock, { recall: `sp-r-${b.id}`, settle: `sp-rs-${b.id}` }, [b.id], [{ betId: b.id, outcome: 'lost' }]));
    await drain(db, clock);
    expect(await gained(before)).toEqual(CASINO_SPLIT);
    const sets = await db.query<{ stage: number; reversed: boolean }>(
      `SELECT stage, reversed_at IS NOT NULL AS reversed FROM commission_accrual_sets WHERE bet_id = $1 AND kind = 'support' ORDER BY stage`,
      [b.id],
    );
    expect(sets.rows).toEqual([
      { stage: 1, reversed: true },
      { stage: 2, reversed: false },
    ]);
    await ok();
  });

  it('a rolled-back then cancelled bet takes every agent its support back', async () => {
    const before = await monies();
    const b = await bet('casino', 'evolution');
    await settle(b.id, 'won');
    await drain(db, clock);
    expect(await gained(before)).toEqual(CASINO_SPLIT);
    await db.tx((sql) => unsettleBets(sql, clock, `sp-u-${b.id}`, [b.id]));
    await db.tx((sql) => cancelBet(sql, clock, b.id, 'admin'));
    await drain(db, clock);
    expect(await gained(before)).toEqual(ZERO);
    expect(await standing(b.id)).toEqual(ZERO);
    // A second drain finds nothing more to take back.
    expect(await drain(db, clock)).toBe(0);
    expect(await gained(before)).toEqual(ZERO);
    await ok();
  });
});
