import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { evenMinigameBetInput } from '../../test/bets.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { placeBet, settleBets } from '../betting/index.ts';
import { verifyLedger } from '../ledger/index.ts';
import { drainOnce } from './drain.ts';

// A drain batch is one long transaction over many members' bets. Nothing it writes may hold a
// lock the member lock (members/lock.ts, FOR UPDATE on the users row) conflicts with, or every
// bet of those members waits for the batch to commit (migration 041: the accruals' foreign key to
// the member took FOR KEY SHARE on it). Two connections are needed, so PostgreSQL only.
const rolling = ['1.2', '1', '0.8', '0.6', '0.4', '0.2'].map((minigame_percent) => ({ minigame_percent }));

let db: TestDb;
const clock = new ManualClock();
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ member } = await agentChain(db, clock, 'db', rolling));
});
afterAll(() => db?.drop());

let n = 0;
const bet = () => placeBet(db, clock, evenMinigameBetInput(member, `db-${++n}`, 10_000n));

describe(`commission drain and the member lock on ${testEngine}`, () => {
  it.runIf(testEngine === 'pg')('a member bets while a drain batch holding that member’s accruals is still open', async () => {
    const settled = await bet();
    await db.tx((sql) => settleBets(sql, clock, `db-s-${settled.id}`, [{ betId: settled.id, outcome: 'lost' }]));
    let inBatch!: () => void;
    const reached = new Promise<void>((r) => (inBatch = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const batch = drainOnce(db, clock, {
      beforeCommit: async () => {
        inBatch();
        await held;
      },
    });
    await reached;
    // The batch has written the member's accruals and statistics and not committed.
    const placed = await Promise.race([bet().then(() => 'placed'), new Promise((r) => setTimeout(() => r('waited'), 3000))]);
    release();
    const report = await batch;
    expect(placed).toBe('placed');
    expect(report?.accrued).toBe(6);
    expect((await verifyLedger(db)).problems).toEqual([]);
  });
});
