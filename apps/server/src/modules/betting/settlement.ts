import { hash } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { HOUSE, lockBalances, postTransaction, type Posting } from '../ledger/index.ts';
import * as repo from './repo.ts';

export type Outcome = 'won' | 'lost' | 'draw' | 'void' | 'cancelled' | 'cashout';

/**
 * One bet's result. `winAmount` is what the player is paid back in all: for 'won' the payout
 * including the stake (default: the bet's potential win; partial results such as a void folder
 * or a half-won line pass the exact integer); 'lost' pays 0; 'draw', 'void' and 'cancelled'
 * refund the stake; 'cashout' pays `winAmount` (required: the cash-out's value, decision 048).
 * `winFor` computes a 'won' payout from the bet's stake and potential win as locked, for a caller
 * that read the bet before its lock: a partial cash-out may have reduced both since (decision 048).
 */
export type Settlement = {
  betId: bigint;
  outcome: Outcome;
  winAmount?: bigint;
  winFor?: (stake: bigint, potentialWin: bigint) => bigint;
  selections?: unknown;
};

const stakes = { house: HOUSE.stakes, asset: 'money' } as const;
const payouts = { house: HOUSE.payouts, asset: 'money' } as const;
const adjustments = { house: HOUSE.adjustments, asset: 'money' } as const;
const player = (id: bigint) => ({ user: id, asset: 'money' }) as const;

/**
 * The ledger key of a batch names its content (the bets and how often each was settled), so a
 * restarted job that forms a batch again gets the same key for the same work and a new key for
 * different work: a retry can never pay twice and two batches can never collide.
 */
export function batchLedgerKey(prefix: string, batchKey: string, bets: readonly { id: bigint; settle_count: number }[]) {
  // One-shot: the same digest as updating with each bet's part in turn.
  const digest = hash('sha256', bets.map((b) => `${b.id}:${b.settle_count};`).join(''), 'base64url');
  return `${prefix}:${batchKey.slice(0, 80)}:${digest.slice(0, 32)}`;
}

const memoOf = (bets: repo.LockedBet[], what: string) => (bets.every((b) => b.game === bets[0].game) ? `${bets[0].game} ${what}` : what);

function winOf(bet: repo.LockedBet, s: Settlement) {
  if (s.outcome === 'lost') return 0n;
  if (s.outcome === 'cashout' && s.winAmount === undefined) throw badRequest('A cash-out needs its value.');
  if (s.outcome !== 'won' && s.outcome !== 'cashout') return bet.amount;
  const win = s.winFor ? s.winFor(bet.amount, bet.potential_win) : (s.winAmount ?? bet.potential_win);
  if (typeof win !== 'bigint' || win < 0n) throw badRequest('A winning amount must be a non-negative integer.');
  return win;
}

/** The settle posting of open, locked bets: the stakes leave house:stakes, winnings go to the players, the rest to house:payouts. */
async function paySettlements(sql: Sql, clock: Clock, batchKey: string, open: repo.LockedBet[], wanted: Map<bigint, Settlement>) {
  const rows = open.map((b) => {
    const s = wanted.get(b.id)!;
    return { bet: b, s, win: winOf(b, s) };
  });
  const staked = rows.reduce((a, r) => a + r.bet.amount, 0n);
  const paid = rows.reduce((a, r) => a + r.win, 0n);
  const postings: Posting[] = [{ account: stakes, amount: -staked }];
  if (staked !== paid) postings.push({ account: payouts, amount: staked - paid });
  for (const r of rows) if (r.win > 0n) postings.push({ account: player(r.bet.user_id), amount: r.win });
  const posted = await postTransaction(sql, clock, {
    idempotencyKey: batchLedgerKey('bet:settle', batchKey, open),
    kind: 'bet.settle',
    reason: { type: 'bets', id: open.length === 1 ? open[0].id : batchKey },
    memo: memoOf(open, open.length === 1 && rows[0].s.outcome === 'won' ? '당첨' : open.length === 1 && rows[0].s.outcome === 'cashout' ? '캐시아웃' : '정산'),
    postings,
  });
  // The bets were open under our lock, so a replayed key means the ledger and the bets disagree.
  if (posted.replayed) throw new Error(`settlement batch ${batchKey} was already posted while its bets are open`);
  return { rows, tx: posted.transactionId };
}

const settledRows = (rows: { bet: repo.LockedBet; s: Settlement; win: bigint }[]) =>
  rows.map((r) => ({
    id: r.bet.id,
    status: r.s.outcome,
    win: r.win,
    selections: r.s.selections === undefined ? null : JSON.stringify(r.s.selections),
    cancelledBy: r.s.outcome === 'cancelled' ? 'system' : null,
  }));

const reopenedRow = (b: repo.LockedBet) => ({ id: b.id, status: 'open', win: 0n, selections: null, cancelledBy: null });

/**
 * Work of the caller on the locked bets (reopened ids, ids settled again) before any member
 * account is locked: a batch job running the next batch's transaction alongside this one has it
 * wait on the accounts only for the posting and the bet rows, not for its own per-bet writes.
 */
export type BeforePost = (reopened: bigint[], settled: bigint[]) => Promise<void>;

/**
 * Settles many open bets inside the caller's transaction: the bets are locked in id order, any
 * that is not open is skipped, the whole batch is one balanced ledger transaction (stakes out of
 * house:stakes, winnings to the players, the difference to house:payouts), and every bet row is
 * written with the transaction id; the same statement records each change as a `bet_outbox` row.
 */
export async function settleBets(sql: Sql, clock: Clock, batchKey: string, items: Settlement[], opts: { beforePost?: BeforePost } = {}) {
  const wanted = new Map(items.map((s) => [s.betId, s]));
  if (wanted.size !== items.length) throw badRequest('A bet appears twice in one settlement batch.');
  const locked = await repo.lockMany(sql, [...wanted.keys()]);
  const open = locked.filter((b) => b.status === 'open');
  const openIds = new Set(open.map((b) => b.id));
  const skipped = items.map((s) => s.betId).filter((id) => !openIds.has(id));
  if (open.length === 0) return { settled: [] as bigint[], skipped };
  await opts.beforePost?.(
    open.map((b) => b.id),
    open.map((b) => b.id),
  );
  const at = clock.now();
  const { rows, tx } = await paySettlements(sql, clock, batchKey, open, wanted);
  await repo.writeSettlements(sql, settledRows(rows), at, tx, 1);
  return { settled: open.map((b) => b.id), skipped };
}

type Shortfall = { betId: bigint; userId: bigint; missing: bigint };

/** A cashed-out bet is final: a re-entered result or a rollback never reopens it (decision 048). */
const isReopenable = (b: repo.LockedBet) => b.status !== 'open' && b.status !== 'cashout';

/** The recall posting of settled, locked bets (see `unsettleBets`); throws 409 recall_insufficient on a shortfall without force. */
async function recallSettlements(sql: Sql, clock: Clock, batchKey: string, locked: repo.LockedBet[], force: boolean) {
  const due = new Map<bigint, bigint>();
  for (const b of locked) due.set(b.user_id, (due.get(b.user_id) ?? 0n) + b.win_amount);
  const users = [...due.keys()].filter((u) => due.get(u)! > 0n);
  const held = users.length ? await lockBalances(sql, users, 'money') : new Map<bigint, bigint>();
  const shortfalls: Shortfall[] = [];
  const taken = new Map<bigint, bigint>();
  for (const u of users) {
    const have = held.get(u) ?? 0n;
    const owe = due.get(u)!;
    taken.set(u, have < owe ? have : owe);
    if (have >= owe) continue;
    // Spread the missing amount over that player's bets, largest win first, for the report.
    let missing = owe - have;
    for (const b of locked.filter((x) => x.user_id === u).sort((x, y) => (y.win_amount > x.win_amount ? 1 : -1))) {
      if (missing === 0n) break;
      const m = b.win_amount < missing ? b.win_amount : missing;
      if (m > 0n) shortfalls.push({ betId: b.id, userId: u, missing: m });
      missing -= m;
    }
  }
  if (shortfalls.length > 0 && !force)
    throw conflict('A player no longer holds the winnings to recall.', 'recall_insufficient', {
      bets: shortfalls.map((s) => String(s.betId)).join(', '),
      count: shortfalls.length,
    });

  const staked = locked.reduce((a, b) => a + b.amount, 0n);
  const recalled = locked.reduce((a, b) => a + b.win_amount, 0n);
  const written = shortfalls.reduce((a, s) => a + s.missing, 0n);
  const postings: Posting[] = [{ account: stakes, amount: staked }];
  if (recalled !== staked) postings.push({ account: payouts, amount: recalled - staked });
  for (const [u, t] of taken) if (t > 0n) postings.push({ account: player(u), amount: -t });
  if (written > 0n) postings.push({ account: adjustments, amount: -written });
  const posted = await postTransaction(sql, clock, {
    idempotencyKey: batchLedgerKey('bet:unsettle', batchKey, locked),
    kind: 'bet.unsettle',
    reason: { type: 'bets', id: locked.length === 1 ? locked[0].id : batchKey },
    memo: memoOf(locked, '정산 취소(재처리)'),
    postings,
  });
  if (posted.replayed) throw new Error(`unsettle batch ${batchKey} was already posted while its bets are settled`);
  return shortfalls;
}

/**
 * Reverses the current settlement (or cancellation) of bets, inside the caller's transaction:
 * what the player was paid back is recalled, the stake returns to house:stakes, and the bet is
 * open again (a re-entered result then settles it anew). A player who no longer holds the money:
 * without `force` nothing happens and 409 recall_insufficient lists the bets; with `force` what
 * the player holds is recalled and the rest is written off to house:adjustments (returned as
 * shortfalls, so the operator sees every won that could not be recovered).
 */
export async function unsettleBets(sql: Sql, clock: Clock, batchKey: string, betIds: bigint[], opts: { force?: boolean } = {}) {
  const locked = (await repo.lockMany(sql, [...new Set(betIds)])).filter(isReopenable);
  if (locked.length === 0) return { reopened: [] as bigint[], shortfalls: [] as Shortfall[] };
  const shortfalls = await recallSettlements(sql, clock, batchKey, locked, !!opts.force);
  await repo.writeSettlements(sql, locked.map(reopenedRow), null, null, 0);
  return { reopened: locked.map((b) => b.id), shortfalls };
}

/**
 * `unsettleBets` followed by `settleBets` of the reopened bets in `items` (a re-entered result),
 * with the same two ledger transactions (keys `keys.recall` and `keys.settle`, as the two calls
 * would give) and outbox rows (a `reverse` for every reopened bet, an `accrue` for each one
 * settled again), but each bet row
 * written once: the re-settled ones straight to their new result, the others to open. Half the
 * row writes of the two calls, which is most of a re-entry's cost (decision 018).
 */
export async function resettleBets(
  sql: Sql,
  clock: Clock,
  keys: { recall: string; settle: string },
  betIds: bigint[],
  items: Settlement[],
  opts: { force?: boolean; beforePost?: BeforePost } = {},
) {
  const wanted = new Map(items.map((s) => [s.betId, s]));
  if (wanted.size !== items.length) throw badRequest('A bet appears twice in one settlement batch.');
  const locked = (await repo.lockMany(sql, [...new Set(betIds)])).filter(isReopenable);
  if (locked.length === 0) return { reopened: [] as bigint[], settled: [] as bigint[], shortfalls: [] as Shortfall[] };
  const again = locked.filter((b) => wanted.has(b.id));
  await opts.beforePost?.(
    locked.map((b) => b.id),
    again.map((b) => b.id),
  );
  const shortfalls = await recallSettlements(sql, clock, keys.recall, locked, !!opts.force);
  const at = clock.now();
  const paid = again.length ? await paySettlements(sql, clock, keys.settle, again, wanted) : null;
  const rest = paid ? locked.filter((b) => !wanted.has(b.id)) : locked;
  if (paid) await repo.writeSettlements(sql, settledRows(paid.rows), at, paid.tx, 1);
  if (rest.length) await repo.writeSettlements(sql, rest.map(reopenedRow), null, null, 0);
  return { reopened: locked.map((b) => b.id), settled: again.map((b) => b.id), shortfalls };
}

/**
 * Cancels one open bet with its stake refunded (status 'cancelled'). The caller decides whether
 * cancelling is allowed (time limits, daily counts: under the member lock); this moves the money.
 */
export async function cancelBet(sql: Sql, clock: Clock, betId: bigint, by: 'player' | 'admin' | 'feed' | 'system') {
  const [bet] = await repo.lockMany(sql, [betId]);
  if (!bet) throw notFound('The bet does not exist.', 'bet_not_found');
  if (bet.status !== 'open') throw conflict('The bet is already settled.', 'bet_settled');
  const at = clock.now();
  const posted = await postTransaction(sql, clock, {
    idempotencyKey: `bet:cancel:${bet.id}:${bet.settle_count}`,
    kind: 'bet.cancel',
    reason: { type: 'bets', id: bet.id },
    memo: `${bet.game} 베팅 취소`,
    postings: [
      { account: stakes, amount: -bet.amount },
      { account: player(bet.user_id), amount: bet.amount },
    ],
  });
  if (posted.replayed) throw new AppError(409, 'bet_settled', 'The bet is already settled.');
  await repo.writeSettlements(sql, [{ id: bet.id, status: 'cancelled', win: bet.amount, selections: null, cancelledBy: by }], at, posted.transactionId, 1);
  return (await repo.byId(sql, bet.id))!;
}

/** A cash-out as priced by its game (decision 048); `seen` is the bet the price was computed for. */
export type CashOut = {
  betId: bigint;
  userId: bigint;
  requestId: string;
  seen: { amount: bigint; potential_win: bigint; settle_count: number };
  /** The part of the stake cashed out (the whole stake: a full cash-out) and what it pays (won). */
  stake: bigint;
  value: bigint;
};

/**
 * Cashes out an open bet inside the caller's transaction (the caller holds the member lock). The
 * bet is locked like every settlement locks it and paid only while it is open and still as priced
 * (stake, potential win, settle count), so a cash-out and a settlement never both pay: whichever
 * locks the bet first wins, the other finds it changed. The whole stake is a settlement like any
 * other (`paySettlements`, status 'cashout', its outbox row); a part moves that part of the stake
 * (`house:stakes` → the player's value, the rest to `house:payouts`), leaves the bet open with the
 * rest of the stake and the potential win cut in proportion (rounded down), and records the part
 * as an outbox row of its own stage. One `bet_cashouts` row keyed by the member's request id.
 */
export async function cashOutBet(sql: Sql, clock: Clock, c: CashOut) {
  const [bet] = await repo.lockMany(sql, [c.betId]);
  if (!bet || bet.user_id !== c.userId) throw notFound('The bet does not exist.', 'bet_not_found');
  if (bet.status !== 'open') throw conflict('Cash-out failed: the bet is already settled.', 'cashout_not_open');
  const { seen } = c;
  if (bet.amount !== seen.amount || bet.potential_win !== seen.potential_win || bet.settle_count !== seen.settle_count)
    throw conflict('Cash-out failed: the offer has changed.', 'cashout_price_changed');
  // Never more than the cashed part could have won: the caller's price is a fraction of it.
  if (c.stake <= 0n || c.stake > bet.amount || c.value < 0n || c.value * bet.amount > bet.potential_win * c.stake)
    throw new Error(`cash-out of bet ${bet.id} priced outside its bet`);
  const at = clock.now();
  const batchKey = `cashout:${c.userId}:${c.requestId}`;
  const full = c.stake === bet.amount;
  let tx: bigint;
  let rest = { amount: 0n, potential: 0n };
  if (full) {
    const paid = await paySettlements(sql, clock, batchKey, [bet], new Map([[bet.id, { betId: bet.id, outcome: 'cashout', winAmount: c.value }]]));
    await repo.writeSettlements(sql, settledRows(paid.rows), at, paid.tx, 1);
    tx = paid.tx;
  } else {
    rest = { amount: bet.amount - c.stake, potential: (bet.potential_win * (bet.amount - c.stake)) / bet.amount };
    const postings: Posting[] = [{ account: stakes, amount: -c.stake }];
    if (c.stake !== c.value) postings.push({ account: payouts, amount: c.stake - c.value });
    if (c.value > 0n) postings.push({ account: player(bet.user_id), amount: c.value });
    const posted = await postTransaction(sql, clock, {
      idempotencyKey: batchLedgerKey('bet:cashout', batchKey, [bet]),
      kind: 'bet.cashout',
      reason: { type: 'bets', id: bet.id },
      memo: `${bet.game} 부분 캐시아웃`,
      postings,
    });
    if (posted.replayed) throw new Error(`cash-out ${batchKey} was already posted while its bet is as priced`);
    tx = posted.transactionId;
    await repo.writePartialCashout(sql, { id: bet.id, amount: rest.amount, potential: rest.potential, stake: c.stake, value: c.value, at });
  }
  await repo.insertCashout(sql, {
    betId: bet.id,
    userId: c.userId,
    requestId: c.requestId,
    stake: c.stake,
    value: c.value,
    full,
    remainingStake: rest.amount,
    remainingPotential: rest.potential,
    tx,
    at,
  });
  return { full, remainingStake: rest.amount, remainingPotential: rest.potential, tx };
}
