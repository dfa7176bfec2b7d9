import type { Clock } from '../../platform/clock.ts';
import { atomically, inTransaction, type Sql } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { HOUSE, postTransaction, type AccountRef, type Chained, type Guard, type Posting } from '../ledger/service.ts';
import { emitBetEvents, hasBetEventHandlers } from './events.ts';
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
  /** The caller's check, run before the bet is locked (its own locks come first). */
  guard?: Guard;
  /**
   * The caller's CTEs after the bet row, reading `attached`: bet_id, player_after (the player's
   * money after: the payout posting's, or when nothing is paid the account as this statement reads
   * it — nothing here moved it).
   */
  then?: Chained;
};

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

// The bet's lock as the posting's guard: it goes ahead only while the bet is open and still the
// one the caller read (so the amounts posted are the bet's). After the caller's guard, whose
// locks come first; when that says no, the bet is not even locked.
const BET_OK = (at: number) =>
  `SELECT (b.status = 'open' AND b.user_id = $${at + 1}::bigint AND b.amount = $${at + 2}::bigint AND b.potential_win = $${at + 3}::bigint
     AND b.settle_count = $${at + 4}::int) AS ok FROM bets b WHERE b.id = $${at}::bigint`;

function guardOf(bet: SeenBet, caller: Guard | undefined): Guard {
  const params = [bet.id, bet.user_id, bet.amount, bet.potential_win, bet.settle_count];
  if (!caller) return { name: 'bet_open', text: `${BET_OK(1)} FOR UPDATE OF b`, params };
  const at = caller.params.length + 1;
  return {
    name: `${caller.name}+bet_open`,
    text: `WITH cg AS MATERIALIZED (${caller.text}),
       bo AS MATERIALIZED (${BET_OK(at)} AND (SELECT coalesce(bool_and(ok), false) FROM cg) FOR UPDATE OF b)
     SELECT coalesce((SELECT bool_and(ok) FROM bo), false) AS ok`,
    params: [...caller.params, ...params],
  };
}

/**
 * Settles one bet in one statement (no BEGIN/COMMIT outside a transaction): the caller's guard,
 * then the bet locked as the posting's guard (still open, still as read), the payout posted as
 * `settleBets` posts a batch of one (same key, postings, memo), and the bet row written as the
 * posting's attached row (status, win, settled_tx, settle_count + 1), the caller's `then` after it.
 * `{ settled: false }`: nothing was written (the bet was not open or not as read, the caller's
 * guard said no, or the key was already used) — the caller decides on its careful path, e.g.
 * `settleBets`. With bet-event handlers registered, runs in a transaction and emits 'settled'.
 */
// Prepared statement names are cut at 63 characters by PostgreSQL: the ledger joins its parts'
// names, so these stay short.
export async function settleOneBet(sql: Sql, clock: Clock, s: OneBet): Promise<OneSettled> {
  if (hasBetEventHandlers() && !inTransaction(sql)) return atomically(sql, (tx) => settleOneBet(tx, clock, s));
  const { bet } = s;
  const win = winOf(bet, s);
  const player: AccountRef = { user: bet.user_id, asset: 'money' };
  const postings: Posting[] = [{ account: stakes, amount: -bet.amount }];
  if (bet.amount !== win) postings.push({ account: payouts, amount: bet.amount - win });
  if (win > 0n) postings.push({ account: player, amount: win });
  const at = clock.now();
  const posted = await postTransaction(
    sql,
    clock,
    {
      // The batch path's key for a batch of one: both paths name the same work alike.
      idempotencyKey: batchLedgerKey('bet:settle', s.batchKey, [bet]),
      kind: 'bet.settle',
      reason: { type: 'bets', id: bet.id },
      memo: `${bet.game} ${s.outcome === 'won' ? '당첨' : '정산'}`,
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
      then: s.then,
    },
    guardOf(bet, s.guard),
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
