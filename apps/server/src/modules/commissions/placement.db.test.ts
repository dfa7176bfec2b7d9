import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { cancelBet, placeBet, resettleBets, settleBets, unsettleBets, type Outcome } from '../betting/index.ts';
import { definePart, getBalances } from '../ledger/index.ts';
import { drain } from './drain.ts';
import { chainTotal, CHAIN_ROLLING, expectBooks, placeTyped, setOptions } from './options-test-kit.ts';
import type { RollingGameType } from './rates.ts';

// Issue 18 "Credited at settlement (a setting may credit at placement)", decision 027 "Crediting
// at placement": the placement credits the chain at once; a later void, draw or cancel takes it
// back exactly once; a won or lost result, a roll-back or a re-entered result never pays twice.

let db: TestDb;
const clock = new ManualClock();
let agents: bigint[];
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'pl', CHAIN_ROLLING, 10_000_000_000n));
});
afterAll(() => db?.drop());
beforeEach(() => setOptions(db, { decimals: 0, credit: 'placement' }));

const STAKE = 12_345_678n;
const TYPE: RollingGameType = 'minigame';
const TOTAL = chainTotal(TYPE, STAKE, 0);
const bets = new Map<bigint, RollingGameType>();
const placedOpen = new Set<bigint>();
let k = 0;

const place = async () => {
  const b = await placeTyped(db, clock, member, TYPE, STAKE);
  bets.set(b.id, TYPE);
  placedOpen.add(b.id);
  return b.id;
};
const earned = async () => (await Promise.all(agents.map(async (a) => (await getBalances(db, a)).money))).reduce((s, m) => s + m, 0n);
const settle = (id: bigint, outcome: Outcome) => db.tx((sql) => settleBets(sql, clock, `pl-${++k}`, [{ betId: id, outcome }]));
const resettle = (id: bigint, outcome: Outcome) =>
  db.tx((sql) => resettleBets(sql, clock, { recall: `pl-${++k}-u`, settle: `pl-${k}-s` }, [id], [{ betId: id, outcome }]));
const outbox = async (id: bigint) =>
  (await db.query<{ stage: number; kind: string }>('SELECT stage, kind FROM bet_outbox WHERE bet_id = $1 ORDER BY id', [id])).rows;
/** Drains, checks the books, and answers what the chain gained since `before`. */
const settled = async (before: bigint) => {
  await drain(db, clock);
  await expectBooks(db, agents, bets, placedOpen);
  return (await earned()) - before;
};

describe(`rolling credited at placement on ${testEngine}`, () => {
  it('the placement writes its stage-0 outbox row and the chain is credited before any result', async () => {
    const before = await earned();
    const id = await place();
    expect(await outbox(id)).toEqual([{ stage: 0, kind: 'accrue' }]);
    expect(await settled(before)).toBe(TOTAL);
    // Won, then rolled back (open again: the placement credit stands), then lost: nothing more.
    await settle(id, 'won');
    expect(await settled(before)).toBe(TOTAL);
    await db.tx((sql) => unsettleBets(sql, clock, `pl-${++k}`, [id]));
    expect(await settled(before)).toBe(TOTAL);
    await settle(id, 'lost');
    expect(await settled(before)).toBe(TOTAL);
  });

  it('a bet placed in a group-committed batch gets its outbox row too', async () => {
    const before = await earned();
    const then = definePart('pl_then', `pl_t AS (SELECT bet_id FROM attached)`);
    const rows = { name: 'pl', item: null, build: () => then({}) };
    const b = await placeBet(
      db,
      clock,
      {
        userId: member,
        gameType: 'minigame',
        game: 'one-test',
        round: 'r1',
        betType: 'single',
        selections: [{ name: 'T', pick: 'odd', odds: '1.90' }],
        odds: '1.90',
        amount: STAKE,
        requestId: `pl-batch-${++k}`,
      },
      rows,
    );
    bets.set(b.id, TYPE);
    placedOpen.add(b.id);
    expect(await outbox(b.id)).toEqual([{ stage: 0, kind: 'accrue' }]);
    expect(await settled(before)).toBe(TOTAL);
  });

  it('cancel, void and draw each take the placement credit back exactly once', async () => {
    for (const end of ['cancel', 'void', 'draw'] as const) {
      const before = await earned();
      const id = await place();
      expect(await settled(before)).toBe(TOTAL);
      if (end === 'cancel') await db.tx((sql) => cancelBet(sql, clock, id, 'admin'));
      else await settle(id, end);
      placedOpen.delete(id);
      expect(await settled(before), end).toBe(0n);
      // Nothing is left to take back: another drain moves nothing.
      expect(await settled(before), end).toBe(0n);
    }
  });

  it('placement, then a void, in one batch: nothing paid, nothing taken back', async () => {
    const before = await earned();
    const id = await place();
    await settle(id, 'void');
    placedOpen.delete(id);
    expect(await settled(before)).toBe(0n);
    const acc = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_accruals WHERE bet_id = $1', [id]);
    expect(acc.rows[0].n).toBe(0);
  });

  it('re-entered results never pay twice: won → lost keeps the credit; void → won pays once again; won → void takes it back', async () => {
    const before = await earned();
    const id = await place();
    await settle(id, 'won');
    expect(await settled(before)).toBe(TOTAL);
    await resettle(id, 'lost');
    expect(await settled(before)).toBe(TOTAL);
    await resettle(id, 'void');
    placedOpen.delete(id);
    expect(await settled(before)).toBe(0n);
    // The placement credit is gone: the re-entered valid result earns at its own stage, once.
    await resettle(id, 'won');
    expect(await settled(before)).toBe(TOTAL);
    await resettle(id, 'lost');
    expect(await settled(before)).toBe(TOTAL);
    await resettle(id, 'draw');
    expect(await settled(before)).toBe(0n);
    const stages = await db.query<{ stage: number; reversed: boolean }>(
      'SELECT DISTINCT stage, reversed_at IS NOT NULL AS reversed FROM commission_accruals WHERE bet_id = $1 ORDER BY stage',
      [id],
    );
    // Stage 0 (placement), 4 (the re-entered win) and 5 (its re-entry as lost) paid, each taken back.
    expect(stages.rows).toEqual([
      { stage: 0, reversed: true },
      { stage: 4, reversed: true },
      { stage: 5, reversed: true },
    ]);
  });

  it('the setting turned off after placement: the result does not pay again; turned on after placement: paid at settlement', async () => {
    const before = await earned();
    const early = await place();
    await drain(db, clock);
    await setOptions(db, { credit: 'settlement' });
    await settle(early, 'won');
    expect(await settled(before)).toBe(TOTAL);
    const late = await placeTyped(db, clock, member, TYPE, STAKE);
    bets.set(late.id, TYPE);
    expect(await outbox(late.id)).toEqual([]);
    await setOptions(db, { credit: 'placement' });
    expect(await settled(before)).toBe(TOTAL);
    await settle(late.id, 'lost');
    expect(await settled(before)).toBe(2n * TOTAL);
    // And the earlier bet, voided now, gives back its placement credit only.
    await resettle(early, 'void');
    placedOpen.delete(early);
    expect(await settled(before)).toBe(TOTAL);
  });
});
