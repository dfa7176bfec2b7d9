import type { Clock } from '../../platform/clock.ts';
import { atomically, inTransaction, type Sql } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { HOUSE, postTransaction, postingBatch, type AccountRef, type Chained, type Guard, type Posting } from '../ledger/service.ts';
import { emitBetEvents, hasBetEventHandlers } from './events.ts';
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
  if (s.outcome !== 'won') return bet.amount;
  const win = s.winAmount ?? bet.potential_win;
  if (typeof win !== 'bigint' || win < 0n) throw badRequest('A winning amount must be a non-negative integer.');
  return win;
}

/**
 * The bets' locks as the posting's guard, for one bet or a batch: each bet locked (ascending id)
 * and let through only while it is open and still as the caller read it (so the amounts posted
 * are the bet's); `(user_id, ok)` per member. After the caller's guard, whose locks come first;
 * a bet whose member it says no for is not even locked.
 */
function betsGuard(bets: SeenBet[], caller: Guard | undefined): Guard {
  const at = (caller?.params.length ?? 0) + 1;
  const bo = `SELECT b.user_id, (b.status = 'open' AND b.amount = x.amount AND b.potential_win = x.potential_win AND b.settle_count = x.settle_count) AS ok
         FROM bets b JOIN unnest($${at}::bigint[], $${at + 1}::bigint[], $${at + 2}::bigint[], $${at + 3}::bigint[], $${at + 4}::int[])
           AS x(id, user_id, amount, potential_win, settle_count) ON b.id = x.id AND b.user_id = x.user_id
         ${caller ? 'WHERE EXISTS (SELECT 1 FROM cg WHERE cg.user_id = x.user_id AND cg.ok)' : ''}
         ORDER BY b.id FOR UPDATE OF b`;
  return {
    name: caller ? `${caller.name}+bets_open` : 'bets_open',
    text: caller ? `WITH cg AS MATERIALIZED (${caller.text}), bo AS MATERIALIZED (${bo}) SELECT user_id, ok FROM bo` : bo,
    params: [
      ...(caller?.params ?? []),
      bets.map((b) => String(b.id)),
      bets.map((b) => String(b.user_id)),
      bets.map((b) => String(b.amount)),
      bets.map((b) => String(b.potential_win)),
      bets.map((b) => b.settle_count),
    ],
  };
}

/** The bets of a settlement batch written as the batch posting's attached rows (the batch form of 'bet_settle1'). */
function settledMany(jobs: Job[]) {
  const col = <T>(f: (j: Job) => T) => jobs.map(f);
  return {
    name: 'bets_settle',
    text: `UPDATE bets b SET status = x.status, win_amount = x.win, settled_at = x.at, settled_tx = done.tx_id,
         settle_count = b.settle_count + 1, selections = coalesce(x.selections::jsonb, b.selections), cancelled_by = x.cancelled_by
       FROM done JOIN unnest($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[], $5::text[], $6::text[])
         WITH ORDINALITY AS x(bet_id, status, win, at, selections, cancelled_by, i) ON x.i = done.i
       WHERE b.id = x.bet_id
       RETURNING b.id AS bet_id, b.user_id AS owner_id, done.after AS player_after, done.tx_id AS settled_tx`,
    params: [
      col((j) => String(j.s.bet.id)),
      col((j) => j.s.outcome),
      col((j) => String(j.win)),
      col((j) => j.at),
      col((j) => (j.s.selections === undefined ? null : JSON.stringify(j.s.selections))),
      col((j) => (j.s.outcome === 'cancelled' ? 'system' : null)),
    ],
  };
}

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
      { ...settledMany(jobs), then: jobs[0].rows.then(jobs.map((j) => j.rows.item)) },
      betsGuard(
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
 * `settleBets`. With bet-event handlers registered, runs in a transaction and emits 'settled'.
 * With `rows` (the caller's guard and rows for this bet) a bet settled outside a transaction
 * goes with the others arriving at the same time, in one statement and one commit
 * (group-commit.ts; the ledger's `postingBatch`, same key and postings); one the batch did not
 * settle takes the path above, with `rows` built for it alone.
 */
// Prepared statement names are cut at 63 characters by PostgreSQL: the ledger joins its parts'
// names, so these stay short.
export async function settleOneBet<T>(sql: Sql, clock: Clock, s: OneBet, rows?: SettleChain<T>): Promise<OneSettled> {
  if (hasBetEventHandlers() && !inTransaction(sql)) return atomically(sql, (tx) => settleOneBet(tx, clock, s, rows));
  const { bet } = s;
  const win = winOf(bet, s);
  const player: AccountRef = { user: bet.user_id, asset: 'money' };
  const postings: Posting[] = [{ account: stakes, amount: -bet.amount }];
  if (bet.amount !== win) postings.push({ account: payouts, amount: bet.amount - win });
  if (win > 0n) postings.push({ account: player, amount: win });
  const at = clock.now();
  if (rows && !inTransaction(sql) && !hasBetEventHandlers()) {
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
    {
      name: 'bet_settle1',
      text: `UPDATE bets b SET status = $2::text, win_amount = $3::bigint, settled_at = $4::timestamptz, settled_tx = done.tx_id,
         settle_count = b.settle_count + 1, selections = coalesce($5::jsonb, b.selections), cancelled_by = $6::text
       FROM done WHERE b.id = $1::bigint
       RETURNING b.id AS bet_id, CASE WHEN $7::boolean THEN done.after
         ELSE (SELECT l.balance FROM ledger_accounts l WHERE l.owner_type = 'user' AND l.owner_id = b.user_id AND l.asset = 'money') END AS player_after`,
      params: [
        bet.id,
        s.outcome,
        win,
        at,
        s.selections === undefined ? null : JSON.stringify(s.selections),
        s.outcome === 'cancelled' ? 'system' : null,
        win > 0n,
      ],
      account: win > 0n ? player : stakes,
      then: rows?.then([rows.item]),
    },
    betsGuard([bet], rows?.guard([rows.item])),
  );
  if (posted.guarded || posted.replayed || !posted.attached) return { settled: false };
  if (hasBetEventHandlers())
    await emitBetEvents(sql, [
      {
        kind: 'settled',
        betId: bet.id,
        userId: bet.user_id,
        gameType: bet.game_type,
        game: bet.game,
        amount: bet.amount,
        winAmount: win,
        status: s.outcome,
        at,
      },
    ]);
  return { settled: true, transactionId: posted.transactionId, win, playerAfter: posted.attached.player_after as bigint, attached: posted.attached };
}
