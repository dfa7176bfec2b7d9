import type { BetRow } from '@wager/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { afterCommit, atomically, inTransaction, type Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { localRange } from '../../platform/local-time.ts';
import { countBetPlaced } from '../../platform/metrics.ts';
import { approvedChargeTotal } from '../banking/index.ts';
import { HOUSE, transfer } from '../ledger/index.ts';
import { getSettings } from '../settings/index.ts';
import { lockMemberAndCheckBet, memberLockGuard } from '../responsible/index.ts';
import { payout } from './odds.ts';
import * as repo from './repo.ts';
import { placeInBatch, type BatchChain } from './batch.ts';
import { settleBets, type Outcome } from './settlement.ts';
import { historyRows, resultOf, type BetNames } from './history.ts';

export { combine, payout } from './odds.ts';
export { cancelBet, cashOutBet, resettleBets, settleBets, unsettleBets, type CashOut, type Outcome, type Settlement } from './settlement.ts';
export type { CashoutRowDb } from './repo.ts';

/** The member's cash-out made with this request id, if any (a retried cash-out answers it). */
export const findCashout = (sql: Sql, userId: bigint, requestId: string) => repo.cashoutByRequest(sql, userId, requestId);
export { settleBatchStats, settleOneBet, type OneBet, type OneSettled, type SeenBet, type SettleChain } from './settle-one.ts';
export { batchStats, type BatchChain } from './batch.ts';
export type { BetNames } from './history.ts';
export type { Chained } from '../ledger/index.ts';

export type NewBet = {
  userId: bigint;
  gameType: repo.BetRowDb['game_type'];
  game: string;
  vendor?: string | null;
  round?: string | null;
  betType: 'single' | 'combo';
  selections: repo.BetRowDb['selections'];
  odds: string;
  amount: bigint;
  requestId: string;
};

/**
 * Places a bet for any game family: the stake moves from the player to a house:stakes shard in
 * the same transaction as the bet row. The hot path every game uses: one statement that locks
 * the member (its guard: no loss limit in force), posts the stake and inserts the bet (an
 * attached row) and the caller's rows hanging off it (`rows`, reading `attached`);
 * settings come from the cache. Called outside a transaction that statement commits on its own
 * (no BEGIN/COMMIT); a member with a loss limit opens one: it takes the lock and the limit
 * check first, then posts. The ledger key
 * `bet:place:<member>:<request id>` is the idempotency check: a repeat returns the first bet; the
 * same request id with a different bet is refused (409 idempotency_conflict). Game engines check
 * their own rules before calling this. With `rows` a bet placed outside a transaction goes with
 * the others arriving at the same time, in one statement and one commit (batch.ts, group
 * commit); one the batch did not post takes the path above, with `rows` built for it alone (the
 * same SQL: it finds its bet in `attached` by member and request id).
 */
export async function placeBet<T>(sql: Sql, clock: Clock, b: NewBet, rows?: BatchChain<T>): Promise<repo.BetRowDb> {
  if (b.amount <= 0n) throw badRequest('Select a bet amount.', 'amount', 'bet_amount_required');
  const s = await getSettings(sql);
  // Rolling credited at placement (decision 027): the same statement also writes the bet's outbox row.
  const placed = s.rolling_credit === 'placement';
  const at = clock.now();
  const potential = payout(b.amount, b.odds);
  const player = { user: b.userId, asset: 'money' } as const;
  const row = {
    user_id: b.userId,
    game_type: b.gameType,
    game: b.game,
    vendor: b.vendor ?? null,
    round: b.round ?? null,
    bet_type: b.betType,
    selections: b.selections,
    odds: b.odds,
    amount: b.amount,
    potential_win: potential,
    request_id: b.requestId,
    created_at: at,
  };
  const stake = {
    idempotencyKey: `bet:place:${b.userId}:${b.requestId}`,
    kind: 'bet.place',
    reason: { type: 'bet', id: b.requestId },
    memo: `${b.game} 베팅`,
    from: player,
    to: { house: HOUSE.stakes, asset: 'money' as const },
    amount: b.amount,
  };
  // Empty betting (decision 043): while the rule is on, every bet takes the locked path below.
  const { empty_betting } = s;
  if (rows && !inTransaction(sql) && !empty_betting.blocked) {
    const got = await placeInBatch(sql, clock, row, stake, rows as BatchChain, placed);
    if (got) {
      countBetPlaced(b.gameType); // the batch's statement committed on its own
      return repo.attachedRow(row, got);
    }
  }
  const then = placed ? repo.withOutbox(rows?.build([rows.item]), 'placement') : rows?.build([rows.item]);
  const post = (on: Sql, guard?: ReturnType<typeof memberLockGuard>) =>
    transfer(on, clock, stake, { ...repo.insertAttached(row, placed), account: player, then }, guard).catch((e) => {
      if (e instanceof AppError && e.code === 'insufficient_funds')
        throw new AppError(409, 'insufficient_funds', 'Betting failed: not enough held money.', 'amount');
      throw e;
    });
  // Usually one statement: the member lock rides in the posting as its guard. A member with a
  // bet-time limit or an exclusion takes the lock and the limit checks first, then posts
  // (decisions 012, 057); the game's caller audits a refusal by the member's own limit.
  let r = empty_betting.blocked ? { guarded: true as const } : await post(sql, memberLockGuard(b.userId));
  if (r.guarded)
    r = await atomically(sql, async (tx) => {
      await lockMemberAndCheckBet(tx, b.userId, b.amount, at, s.timezone_offset_minutes);
      if (empty_betting.blocked) await refuseEmptyBet(tx, b.userId, BigInt(empty_betting.min_deposit_total));
      return post(tx);
    });
  if (r.replayed) {
    const seen = await repo.findByRequest(sql, b.userId, b.requestId);
    if (!seen || !sameBet(seen, b)) throw new AppError(409, 'idempotency_conflict', 'This request id was already used for a different bet.');
    return seen;
  }
  afterCommit(sql, () => countBetPlaced(b.gameType));
  return repo.attachedRow(row, r.attached);
}

/**
 * Empty betting (공배팅, decision 043): under the member lock, a member whose approved charges add
 * up to less than the minimum has no deposit behind the stake (only points turned into money, or
 * grants), and is refused.
 */
async function refuseEmptyBet(tx: Sql, userId: bigint, minDeposit: bigint) {
  if ((await approvedChargeTotal(tx, userId)) < minDeposit)
    throw forbidden(`Betting needs approved charges of at least ${minDeposit.toLocaleString('en-US')} won.`, 'empty_bet', { amount: minDeposit.toString() });
}

const sameBet = (x: repo.BetRowDb, b: NewBet) =>
  x.amount === b.amount && x.game_type === b.gameType && x.game === b.game && (x.round ?? null) === (b.round ?? null) && Number(x.odds) === Number(b.odds);

/** Settles one open bet (the single-bet form of `settleBets`); 409 bet_settled when it is not open. */
export async function settleBet(sql: Sql, clock: Clock, betId: bigint, outcome: Outcome, opts: { winAmount?: bigint; selections?: unknown } = {}) {
  const r = await settleBets(sql, clock, `bet:${betId}`, [{ betId, outcome, ...opts }]);
  if (r.settled.length === 0) {
    if (!(await repo.byId(sql, betId))) throw notFound('The bet does not exist.', 'bet_not_found');
    throw conflict('The bet is already settled.', 'bet_settled');
  }
  return (await repo.byId(sql, betId))!;
}

export function toBetRow(b: repo.BetRowDb): BetRow {
  return {
    id: Number(b.id),
    game_type: b.game_type,
    game: b.game,
    vendor: b.vendor,
    round: b.round,
    bet_type: b.bet_type,
    selections: b.selections,
    odds: Number(b.odds).toFixed(2),
    amount: b.amount.toString(),
    potential_win: b.potential_win.toString(),
    win_amount: b.win_amount.toString(),
    status: b.status,
    result: resultOf(b),
    day_round: null,
    vendor_name: null,
    game_name: null,
    money_before: b.money_before.toString(),
    money_after: b.money_after.toString(),
    created_at: b.created_at.toISOString(),
    settled_at: b.settled_at?.toISOString() ?? null,
  };
}

type HistoryInput = { gameType?: string; game?: string; status?: string; startedAt?: string; endedAt?: string; skip: number };

/** One page of bets (newest first) with the filter's count and sums, the day range in the operator's time zone. */
async function historyPage(deps: Deps, who: repo.BetsOf, f: HistoryInput, limit: number) {
  const s = await getSettings(deps.db);
  if (f.startedAt && f.endedAt && f.startedAt > f.endedAt) throw badRequest('endedAt: must not be before startedAt', 'endedAt', 'date_range_invalid');
  const [from, to] = localRange(deps.clock.now(), s.timezone_offset_minutes, f.startedAt, f.endedAt);
  return {
    ...(await repo.history(deps.db, who, { gameType: f.gameType, game: f.game, status: f.status, from, to }, f.skip, limit)),
    offset: s.timezone_offset_minutes,
  };
}

/** A member's bets of every family (spec §2 /board/betting-history), 10 a page, named with `names` (decision 045). */
export async function betHistory(deps: Deps, userId: bigint, f: HistoryInput, names?: BetNames, lang?: string) {
  const r = await historyPage(deps, { userId }, f, 10);
  const bets = await historyRows(deps.db, r.rows, toBetRow, names, r.offset, lang);
  return { bets, total: r.total, summary: { amount: r.amount.toString(), win_amount: r.win.toString(), count: r.total } };
}

/**
 * The bets of an agent's subtree (or of one member in it, by id or account; or of every member
 * for the admin, `who` empty), 20 a page, each
 * with its member's account, and the totals (profit = bets − wins) over the whole filter.
 */
export async function subtreeBets(deps: Deps, who: repo.BetsOf, f: HistoryInput, names?: BetNames, lang?: string) {
  const r = await historyPage(deps, who, f, 20);
  const shaped = await historyRows(deps.db, r.rows, toBetRow, names, r.offset, lang);
  return {
    rows: r.rows.map((b, k) => ({ ...shaped[k], user_id: Number(b.user_id), account: b.account })),
    total: r.total,
    totals: { amount: r.amount.toString(), win_amount: r.win.toString(), profit: (r.amount - r.win).toString(), count: r.total },
  };
}

export async function betDetail(deps: Deps, userId: bigint, id: bigint, names?: BetNames, lang?: string) {
  const b = await repo.get(deps.db, userId, id);
  if (!b) throw new AppError(404, 'bet_not_found', 'The bet does not exist.');
  const s = await getSettings(deps.db);
  return (await historyRows(deps.db, [b], toBetRow, names, s.timezone_offset_minutes, lang))[0];
}
