import type { Clock } from '../../platform/clock.ts';
import { inTransaction, type Sql } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { HOUSE, postTransaction, postingBatch, type AccountRef, type Chained, type Guard, type Posting } from '../ledger/index.ts';
import { inBatch, type BatchStats } from './group-commit.ts';
import { batchLedgerKey, type Outcome } from './settlement.ts';
import * as repo from './repo.ts';

/** The bet as the caller last read it (no lock): the statement settles it only if it is still so. */
export type SeenBet = Pick<repo.BetRowDb, 'id' | 'user_id' | 'game_type' | 'game' | 'amount' | 'potential_win' | 'settle_count'>;

export type OneBet = {
  bet: SeenBet;
  outcome: Outcome;
  winAmount?: bigint;
  selections?: unknown;
  /** Names the settlement like `settleBets`' batch key (same ledger key for the same bet and key). */
  batchKey: string;
};

/**
 * A settlement's own checks and rows (settleOneBet `rows`), built from the items of the bets
 * settled together, in bet order: a batch's, or `[item]` for a bet settled alone (the same SQL
 * either way). `guard` answers `(user_id, ok)` per member and locks what it reads; it runs
 * before the bets are locked (its locks come first; where it says no, the bet is not even
 * locked). `then` reads `attached`: bet_id, player_after (the player's money after: the payout's,
 * or when nothing is paid the account as the statement reads it), and owner_id and settled_tx in
 * a batch. Settlements batch with others of the same `name` only.
 */
export type SettleChain<T = unknown> = { name: string; item: T; guard: (items: T[]) => Guard; then: (items: T[]) => Chained };

/** What the settlement batches did, for the bench and tests. */
export const settleBatchStats: BatchStats = { batches: 0, posted: 0, failed: 0 };

export type OneSettled = { settled: true; transactionId: bigint; win: bigint; playerAfter: bigint; attached: Record<string, unknown> } | { settled: false };

const stakes = { house: HOUSE.stakes, asset: 'money' } as const;
const payouts = { house: HOUSE.payouts, asset: 'money' } as const;

function winOf(bet: SeenBet, s: OneBet) {
  if (s.outcome === 'lost') return 0n;
  if (s.outcome === 'cashout' && s.winAmount === undefined) throw badRequest('A cash-out needs its value.');
  if (s.outcome !== 'won' && s.outcome !== 'cashout') return bet.amount;
  const win = s.winAmount ?? bet.potential_win;
  if (typeof win !== 'bigint' || win < 0n) throw badRequest('A winning amount must be a non-negative integer.');
  return win;
}

const settledRow = (j: { s: OneBet; win: bigint; at: Date }): repo.SettledRow => ({
  id: j.s.bet.id,
  status: j.s.outcome,
  win: j.win,
  at: j.at,
  selections: j.s.selections === undefined ? null : JSON.stringify(j.s.selections),
  cancelledBy: j.s.outcome === 'cancelled' ? 'system' : null,
});

type Job = { s: OneBet; win: bigint; at: Date; postings: Posting[]; rows: SettleChain };

function runSettleBatch(clock: Clock) {
  return (sql: Sql, jobs: Job[]) =>
    postingBatch(
      sql,
      clock,
      jobs.map((j) => ({
        idempotencyKey: batchLedgerKey('bet:settle', j.s.batchKey, [j.s.bet]),
        kind: 'bet.settle',
        reason: { type: 'bets', id: j.s.bet.id },
        memo: memoOf(j.s),
        owner: { user: j.s.bet.user_id, asset: 'money' },
        postings: j.postings,
      })),
      { ...repo.settledMany(jobs.map(settledRow)), then: repo.withOutbox(jobs[0].rows.then(jobs.map((j) => j.rows.item))) },
      repo.betsOpenGuard(
        jobs.map((j) => j.s.bet),
        jobs[0].rows.guard(jobs.map((j) => j.rows.item)),
      ),
    );
}

const memoOf = (s: OneBet) => `${s.bet.game} ${s.outcome === 'won' ? '당첨' : '정산'}`;

/**
 * Settles one bet in one statement (no BEGIN/COMMIT outside a transaction): the caller's guard,
 * then the bet locked as the posting's guard (still open, still as read), the payout posted as
 * `settleBets` posts a batch of one (same key, postings, memo), and the bet row written as the
 * posting's attached row (status, win, settled_tx, settle_count + 1), the caller's `then` after it.
 * `{ settled: false }`: nothing was written (the bet was not open or not as read, the caller's
 * guard said no, or the key was already used) — the caller decides on its careful path, e.g.
 * `settleBets`. With `rows` (the caller's guard and rows for this bet) a bet settled outside a transaction
 * goes with the others arriving at the same time, in one statement and one commit
 * (group-commit.ts; the ledger's `postingBatch`, same key and postings); one the batch did not
 * settle takes the path above, with `rows` built for it alone.
 */
// Prepared statement names are cut at 63 characters by PostgreSQL: the ledger joins its parts'
// names, so these stay short.
export async function settleOneBet<T>(sql: Sql, clock: Clock, s: OneBet, rows?: SettleChain<T>): Promise<OneSettled> {
  const { bet } = s;
  const win = winOf(bet, s);
  const player: AccountRef = { user: bet.user_id, asset: 'money' };
  const postings: Posting[] = [{ account: stakes, amount: -bet.amount }];
  if (bet.amount !== win) postings.push({ account: payouts, amount: bet.amount - win });
  if (win > 0n) postings.push({ account: player, amount: win });
  const at = clock.now();
  if (rows && !inTransaction(sql)) {
    const job: Job = { s, win, at, postings, rows: rows as SettleChain };
    const got = await inBatch(sql, `settle:${rows.name}`, bet.user_id, job, runSettleBatch(clock), settleBatchStats);
    if (got) return { settled: true, transactionId: got.settled_tx as bigint, win, playerAfter: got.player_after as bigint, attached: got };
  }
  const posted = await postTransaction(
    sql,
    clock,
    {
      // The batch path's key for a batch of one: both paths name the same work alike.
      idempotencyKey: batchLedgerKey('bet:settle', s.batchKey, [bet]),
      kind: 'bet.settle',
      reason: { type: 'bets', id: bet.id },
      memo: memoOf(s),
      postings,
    },
    // `done` reports the player's account: after the payout, or as it stands when nothing is paid;
    // the commission outbox row rides before the caller's `then` (decision 027).
    { ...repo.settledOne(settledRow({ s, win, at })), account: player, then: repo.withOutbox(rows?.then([rows.item])) },
    repo.betsOpenGuard([bet], rows?.guard([rows.item])),
  );
  if (posted.guarded || posted.replayed || !posted.attached) return { settled: false };
  return { settled: true, transactionId: posted.transactionId, win, playerAfter: posted.attached.player_after as bigint, attached: posted.attached };
}
