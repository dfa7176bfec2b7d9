import type { Clock } from '../../platform/clock.ts';
import type { Sql } from '../../platform/db.ts';
import { transferBatch, type BatchTransfer, type Chained } from '../ledger/index.ts';
import { membersLockGuard } from '../responsible/index.ts';
import { inBatch, type BatchStats } from './group-commit.ts';
import * as repo from './repo.ts';

/**
 * Group commit for bets placed outside a transaction (decision 012, fifth pass; group-commit.ts):
 * one statement locks the batch's members, posts every stake and inserts every bet and its rows
 * (ledger `transferBatch`), and one commit covers them all. A bet the batch did not post (guard,
 * funds, replay, a new account, a failed statement) is answered `undefined`: placeBet then takes
 * the one-by-one path, which answers it exactly.
 */

/** A bet's own rows (placeBet `rows`): `build` makes one Chained, reading the statement's `attached`
 * (owner_id, bet_request_id, bet_id), from the items of its bets, in bet order: a batch's, or
 * `[item]` for a bet placed alone. Bets batch with others of the same `name` only. */
export type BatchChain<T = unknown> = { name: string; item: T; build: (items: T[]) => Chained };

type Job = { row: repo.NewBetRow; transfer: BatchTransfer; chain?: BatchChain };

/** What the bet batches did, for the bench and tests: statements sent, bets they posted, statements that failed. */
export const batchStats: BatchStats = { batches: 0, posted: 0, failed: 0 };

/** `placed`: rolling is credited at placement, so the statement also writes each bet's outbox row (decision 027). */
export function placeInBatch(sql: Sql, clock: Clock, row: repo.NewBetRow, transfer: BatchTransfer, chain?: BatchChain, placed = false) {
  const run = (on: Sql, jobs: Job[]) => {
    const then = jobs[0].chain?.build(jobs.map((j) => j.chain!.item));
    return transferBatch(
      on,
      clock,
      jobs.map((j) => j.transfer),
      {
        ...repo.insertAttachedMany(
          jobs.map((j) => j.row),
          placed,
        ),
        then: placed ? repo.withOutbox(then, 'placement') : then,
      },
      membersLockGuard([...new Set(jobs.map((j) => j.row.user_id))]),
    );
  };
  return inBatch<Job>(sql, `bet:${placed ? 'placed:' : ''}${chain?.name ?? ''}`, row.user_id, { row, transfer, chain }, run, batchStats);
}
