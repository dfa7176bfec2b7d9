import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { observe, type Db, type Sql } from '../../platform/db.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { cancelBet, resettleBets, settleBets, unsettleBets, type Outcome } from '../betting/index.ts';
import { drain, drainOnce } from './drain.ts';
import { CHAIN_ROLLING, expectBooks, GAME_TYPES, placeTyped, setOptions } from './options-test-kit.ts';
import type { RollingGameType } from './rates.ts';

// Issue 18 "decimals by option, with the rounding remainder never created or lost" and "a setting
// may credit at placement", over random bets of every game type and random sequences of
// settlements, re-entries, roll-backs and cancels, with both options changed between phases.

let db: TestDb;
const clock = new ManualClock();
let agents: bigint[];
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'op', CHAIN_ROLLING, 10_000_000_000n));
});
afterAll(() => db?.drop());

type Op = 'settle' | 'resettle' | 'unsettle' | 'cancel';
const OUTCOMES: Outcome[] = ['won', 'lost', 'draw', 'void'];
const bets = new Map<bigint, RollingGameType>();
const placedOpen = new Set<bigint>();
let key = 0;

/** One step on one bet, when its state allows it; the model of what it earns follows (decision 027). */
async function step(bet: bigint, op: Op, outcome: Outcome) {
  const status = (await db.query<{ status: string }>('SELECT status FROM bets WHERE id = $1', [bet])).rows[0].status;
  const k = `op-${++key}`;
  const valid = outcome === 'won' || outcome === 'lost';
  if (status === 'open' && op === 'cancel') {
    await db.tx((sql) => cancelBet(sql, clock, bet, 'admin'));
    placedOpen.delete(bet);
  } else if (status === 'open') {
    await db.tx((sql) => settleBets(sql, clock, k, [{ betId: bet, outcome }]));
    if (!valid) placedOpen.delete(bet);
  } else if (status === 'cancelled') return;
  else if (op === 'unsettle') await db.tx((sql) => unsettleBets(sql, clock, k, [bet], { force: true }));
  else {
    await db.tx((sql) => resettleBets(sql, clock, { recall: `${k}-u`, settle: `${k}-s` }, [bet], [{ betId: bet, outcome }], { force: true }));
    if (!valid) placedOpen.delete(bet);
  }
}

const scenario = fc.record({
  decimals: fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })),
  credit: fc.tuple(fc.constantFrom('settlement' as const, 'placement' as const), fc.constantFrom('settlement' as const, 'placement' as const)),
  bets: fc.array(
    fc.record({
      type: fc.constantFrom(...GAME_TYPES),
      amount: fc.bigInt({ min: 1_000n, max: 50_000_000n }),
      ops: fc.array(fc.tuple(fc.constantFrom<Op>('settle', 'settle', 'resettle', 'unsettle', 'cancel'), fc.constantFrom(...OUTCOMES)), { maxLength: 4 }),
    }),
    { minLength: 4, maxLength: 14 },
  ),
  drainEvery: fc.integer({ min: 1, max: 6 }),
});

describe(`commission options over random bets on ${testEngine}`, () => {
  it('every game type, both options, changed between phases: each chain sums to floor(top rate × stake) in its unit, each agent holds the floor of what stands for it, nothing created or lost', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        // Placement phase under the first options, settlements under the second.
        await setOptions(db, { decimals: s.decimals[0], credit: s.credit[0] });
        const mine: bigint[] = [];
        for (const b of s.bets) {
          const placed = await placeTyped(db, clock, member, b.type, b.amount);
          bets.set(placed.id, b.type);
          if (s.credit[0] === 'placement') placedOpen.add(placed.id);
          mine.push(placed.id);
        }
        await drain(db, clock);
        await expectBooks(db, agents, bets, placedOpen);
        await setOptions(db, { decimals: s.decimals[1], credit: s.credit[1] });
        let done = 0;
        for (let round = 0; round < 4; round++)
          for (const [i, b] of s.bets.entries()) {
            const op = b.ops[round];
            if (!op) continue;
            await step(mine[i], op[0], op[1]);
            if (++done % s.drainEvery === 0) await drain(db, clock, { limit: 3 });
          }
        await drain(db, clock, { rounds: 1000 });
        await expectBooks(db, agents, bets, placedOpen);
      }),
      { numRuns: 8, endOnFailure: true },
    );
  });

  it('with the decimals option off a batch sends no carry statement; with it on, one per batch', async () => {
    const seen: string[] = [];
    const counted: Db = Object.assign(
      observe(db, (t) => seen.push(t)),
      {
        engine: db.engine,
        exec: (text: string) => db.exec(text),
        close: () => db.close(),
        tx: <T>(fn: (sql: Sql) => Promise<T>) => db.tx((sql) => fn(observe(sql, (t) => seen.push(t)))),
      },
    );
    const batch = async (decimals: number) => {
      await setOptions(db, { decimals, credit: 'settlement' });
      for (const type of GAME_TYPES) {
        const b = await placeTyped(db, clock, member, type, 1_234_567n);
        bets.set(b.id, type);
        await db.tx((sql) => settleBets(sql, clock, `opc-${b.id}`, [{ betId: b.id, outcome: 'lost' }]));
      }
      seen.length = 0;
      const r = await drainOnce(counted, clock);
      expect(r?.taken).toBe(GAME_TYPES.length);
      await expectBooks(db, agents, bets, placedOpen);
      return seen.filter((t) => t.includes('commission_carry')).length;
    };
    expect(await batch(0)).toBe(0);
    expect(await batch(3)).toBe(1);
  });
});
