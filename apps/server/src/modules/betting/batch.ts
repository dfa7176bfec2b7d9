import type { Clock } from '../../platform/clock.ts';
import { homeOf, type Sql } from '../../platform/db.ts';
import { transferBatch, type BatchTransfer, type Chained } from '../ledger/service.ts';
import { membersLockGuard } from '../responsible/service.ts';
import * as repo from './repo.ts';

/**
 * Group commit for bets placed outside a transaction (decision 012, fifth pass). Bets arriving
 * while earlier statements are in flight wait and go together: one statement locks their
 * members, posts every stake and inserts every bet and its rows (ledger `transferBatch`), and
 * one commit covers them all. At most MAX_INFLIGHT batches run at once, so under light load a
 * bet goes at once (a batch of one) and under heavy load batches grow instead of round trips.
 * A bet the batch did not post (guard, funds, replay, a new account, a failed statement) is
 * answered `undefined`: placeBet then takes the one-by-one path, which answers it exactly.
 */

/** A bet's own rows (placeBet `rows`): `build` makes one Chained, reading the statement's `attached`
 * (owner_id, bet_request_id, bet_id), from the items of its bets, in bet order: a batch's, or
 * `[item]` for a bet placed alone. Bets batch with others of the same `name` only. */
export type BatchChain<T = unknown> = { name: string; item: T; build: (items: T[]) => Chained };

type Job = {
  sql: Sql;
  row: repo.NewBetRow;
  transfer: BatchTransfer;
  chain?: BatchChain;
  done: (r: Record<string, unknown> | undefined) => void;
};
type Queue = { clock: Clock; jobs: Job[]; inflight: number; scheduled: boolean };

const MAX_INFLIGHT = 2;
/** What the batches did, for the bench and tests: statements sent, bets they posted, statements that failed. */
export const batchStats = { batches: 0, posted: 0, failed: 0 };
const MAX_BATCH = 100;
const queues = new WeakMap<object, Map<string, Queue>>();

export function placeInBatch(sql: Sql, clock: Clock, row: repo.NewBetRow, transfer: BatchTransfer, chain?: BatchChain) {
  // Per database (an observed Sql of it too: the wallet counts its statements through one); a
  // batch runs on the Sql its first bet came through, outside any transaction.
  const home = homeOf(sql);
  let byChain = queues.get(home);
  if (!byChain) queues.set(home, (byChain = new Map()));
  const key = chain?.name ?? '';
  let q = byChain.get(key);
  if (!q) byChain.set(key, (q = { clock, jobs: [], inflight: 0, scheduled: false }));
  const queue = q;
  return new Promise<Record<string, unknown> | undefined>((done) => {
    queue.jobs.push({ sql, row, transfer, chain, done });
    pump(queue);
  });
}

function pump(q: Queue) {
  if (q.scheduled || q.inflight >= MAX_INFLIGHT || q.jobs.length === 0) return;
  q.scheduled = true;
  // The bets whose requests were read in this turn of the event loop go together.
  setImmediate(() => {
    q.scheduled = false;
    if (q.inflight < MAX_INFLIGHT) void flush(q);
  });
}

async function flush(q: Queue) {
  // One bet per member per batch (its balance decides it alone); a member's second bet waits.
  const take: Job[] = [];
  const members = new Set<bigint>();
  const rest: Job[] = [];
  for (const j of q.jobs) {
    if (take.length < MAX_BATCH && !members.has(j.row.user_id)) {
      members.add(j.row.user_id);
      take.push(j);
    } else rest.push(j);
  }
  q.jobs = rest;
  if (take.length === 0) return;
  q.inflight++;
  pump(q);
  let rows: (Record<string, unknown> | undefined)[] = [];
  try {
    const chain = take[0].chain;
    const attached = {
      ...repo.insertAttachedMany(take.map((j) => j.row)),
      then: chain?.build(take.map((j) => j.chain!.item)),
    };
    rows = await transferBatch(
      take[0].sql,
      q.clock,
      take.map((j) => j.transfer),
      attached,
      membersLockGuard([...members]),
    );
    batchStats.batches++;
    batchStats.posted += rows.filter(Boolean).length;
  } catch {
    batchStats.failed++;
    // Nothing of a failed statement stayed: every bet of it goes one by one.
  } finally {
    q.inflight--;
    for (const [i, j] of take.entries()) j.done(rows[i]);
    pump(q);
  }
}
