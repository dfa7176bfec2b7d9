import type { Clock } from '../../platform/clock.ts';
import type { Db, Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { yieldingToUrgent } from '../../platform/urgent.ts';
import { HOUSE, lockBalances, postTransaction, type Posting } from '../ledger/index.ts';
import { GAMES } from '../minigames/index.ts';
import { getSettings } from '../settings/index.ts';
import { foldStatistics } from '../statistics/index.ts';
import { batchKey, legsOf, netsOf, payoutsOf, planBatch, spreadWriteOff, wholeWon } from './plan.ts';
import { rollingGameTypeOf } from './rates.ts';
import * as repo from './repo.ts';

/**
 * The commission drain (decision 027): the bet outbox turned into rolling accruals, one batch per
 * transaction. Everything a batch does — taking its outbox rows, writing and reversing accruals,
 * the one ledger transaction paying or taking back each agent's net, recording it — commits or
 * rolls back together, so a crash anywhere leaves the rows for the next drain and pays nothing;
 * exactly once per (bet, stage, agent) rests on the accruals' unique key and `reversed_at`.
 */

export const DRAIN_LIMIT = 5000;

export type DrainReport = { taken: number; accrued: number; reversed: number; transactionId: bigint | null; supportTransactionId: bigint | null };

export type DrainOptions = {
  limit?: number;
  /** Runs just before the batch commits (tests throw here to kill a batch mid-way). */
  beforeCommit?: (sql: Sql) => Promise<void>;
};

// Powerball-family mini games have their own rolling rates (rates.ts rollingGameTypeOf).
const POWERBALL = new Set<string>([...GAMES.values()].filter((g) => g.family.family === 'powerball').map((g) => g.key));
const isPowerball = (game: string) => POWERBALL.has(game);

/** A bet row's rolling game type (the drain's rows and the member payback read the same columns). */
export const rollingTypeOfRow = (r: { game_type: string; bet_type: string; game: string }) =>
  rollingGameTypeOf({ gameType: r.game_type, betType: r.bet_type, powerball: r.game_type === 'minigame' && isPowerball(r.game) });

/** An accrual part as the statistics fold reads it: whole won, with its sign. */
const statPart = (a: repo.AccrualRow, sign: bigint) => ({
  bet_id: a.bet_id,
  agent_id: a.agent_id,
  member_id: a.member_id,
  game_type: a.game_type,
  amount: wholeWon(a),
  sign,
});

async function drainBatch(sql: Sql, clock: Clock, opts: DrainOptions): Promise<DrainReport | null> {
  if (!(await repo.tryDrainLock(sql))) return null;
  const rows = await repo.takeOutbox(sql, opts.limit ?? DRAIN_LIMIT);
  const report: DrainReport = { taken: rows.length, accrued: 0, reversed: 0, transactionId: null, supportTransactionId: null };
  if (rows.length === 0) return report;
  const at = clock.now();
  // Every row's member: accruals need the accrue rows' paths, statistics every row's (decision 030).
  const members = [...new Set(rows.map((r) => r.user_id))];
  const paths = members.length ? await repo.pathsOf(sql, members) : [];
  // The payout's decimals (decision 027 "Decimals option"), from the settings cache.
  const plan = planBatch(rows, paths, isPowerball, (await getSettings(sql)).rolling_decimals);
  // Accruals first, then reversals: a batch holding a bet's settlement and its undoing (in id
  // order, decision 027) nets it to nothing.
  // One batch row carries the ledger transaction for all of them (migration 042).
  const batch = await repo.openBatch(sql, at);
  const written = await repo.insertAccruals(sql, batch, plan.accruals, plan.unplaced, at);
  const paid = written.paid;
  const reversed = [...written.unplaced, ...(await repo.reverseAccruals(sql, batch, plan.reversals, at))];
  report.accrued = paid.length;
  report.reversed = reversed.length;
  // Support accruals (decision 043) are their own ledger transaction; statistics count rolling only.
  const isRolling = (a: repo.AccrualRow) => a.kind === 'rolling';
  const isSupport = (a: repo.AccrualRow) => a.kind === 'support';
  // The batch's daily statistics, in its transaction: a crash counts nothing, a retry counts once.
  await foldStatistics(sql, {
    rows: rows.map((r) => ({
      ...r,
      gameType: rollingTypeOfRow(r),
    })),
    // Statistics count rolling in whole won: an accrual with decimals counts its floor, both ways.
    accruals: [...paid.filter(isRolling).map((a) => statPart(a, 1n)), ...reversed.filter(isRolling).map((a) => statPart(a, -1n))],
    paths,
  });
  // Accruals with decimals go through each agent's carry: paid as its floor changes.
  const net = netsOf(paid.filter(isRolling), reversed.filter(isRolling));
  const nets = payoutsOf(net, net.carried.size ? await repo.addCarry(sql, net.carried, at) : new Map());
  // Support is always whole won (decision 043): its net needs no carry.
  const supportNets = new Map([...netsOf(paid.filter(isSupport), reversed.filter(isSupport)).whole].filter(([, n]) => n !== 0n));
  // Accounts are locked once, in id order, before either posting: with support in the batch, every
  // agent either posting moves (two ledger statements must not lock agents out of order).
  const toLock = supportNets.size
    ? [...new Set([...[...nets].filter(([, n]) => n !== 0n).map(([a]) => a), ...supportNets.keys()])]
    : [...nets].filter(([, n]) => n < 0n).map(([a]) => a);
  const held = toLock.length ? await lockBalances(sql, toLock, 'money') : new Map<bigint, bigint>();
  const legs = legsOf(nets, held);
  const rollingTx = await post(sql, clock, rows, 'rolling', legs);
  if (rollingTx !== null) {
    report.transactionId = rollingTx;
    await repo.recordPosting(sql, batch, rollingTx, spreadWriteOff(reversed.filter(isRolling), legs.writtenOff));
  }
  if (supportNets.size) {
    // What an agent holds for support's take-back is what it holds after this batch's rolling.
    const after = new Map(held);
    for (const [agent, amount] of legs.agents) after.set(agent, (after.get(agent) ?? 0n) + amount);
    const supportLegs = legsOf(supportNets, after);
    const supportTx = await post(sql, clock, rows, 'support', supportLegs);
    if (supportTx !== null) {
      report.supportTransactionId = supportTx;
      await repo.recordPosting(sql, batch, supportTx, spreadWriteOff(reversed.filter(isSupport), supportLegs.writtenOff), 'support');
    }
  }
  await opts.beforeCommit?.(sql);
  return report;
}

const LEDGER_KIND = { rolling: 'commission.rolling', support: 'commission.support' } as const;
const MEMO = { rolling: '롤링 커미션', support: '서포트 커미션' } as const;

/** The batch's ledger transaction of one commission kind; null when its legs net to nothing. */
async function post(sql: Sql, clock: Clock, rows: repo.OutboxRow[], kind: repo.AccrualKind, legs: ReturnType<typeof legsOf>) {
  const postings: Posting[] = [...legs.agents].map(([user, amount]) => ({ account: { user, asset: 'money' }, amount }));
  if (legs.commissions !== 0n) postings.push({ account: { house: HOUSE.commissions, asset: 'money' }, amount: legs.commissions });
  if (legs.adjustments !== 0n) postings.push({ account: { house: HOUSE.adjustments, asset: 'money' }, amount: legs.adjustments });
  if (postings.length === 0) return null;
  const key = batchKey(rows, kind);
  const posted = await postTransaction(sql, clock, {
    idempotencyKey: key,
    kind: LEDGER_KIND[kind],
    reason: { type: 'bet_outbox', id: rows[0].id },
    memo: MEMO[kind],
    postings,
  });
  // The rows were in the outbox, so their batch cannot have been posted: the two disagree.
  if (posted.replayed) throw new Error(`commission batch ${key} was already posted`);
  return posted.transactionId;
}

/** One batch in its own transaction; null when another drainer holds the lock. */
export const drainOnce = (db: Db, clock: Clock, opts: DrainOptions = {}) => db.tx((sql) => drainBatch(sql, clock, opts));

/** Drains until a batch comes back short (at most `rounds` batches), so a backlog clears without waiting for the next tick. */
export async function drain(db: Db, clock: Clock, opts: DrainOptions & { rounds?: number } = {}) {
  const limit = opts.limit ?? DRAIN_LIMIT;
  let taken = 0;
  for (let i = 0; i < (opts.rounds ?? 20); i++) {
    const r = await drainOnce(db, clock, { ...opts, limit });
    if (r === null) break;
    taken += r.taken;
    if (r.taken < limit) break;
  }
  return taken;
}

/** Ticks the drain lets pass while a settlement runs (platform/urgent.ts); then it runs regardless. */
export const MAX_DEFERRED_TICKS = 2;

/**
 * Commissions are credited within a second or two of settlement (issue 18: within 5 s). While a
 * fixture or round settles in this process, the drain waits at most two ticks, so the settlement
 * has the cores and a commission is still credited about 3 s after its bet at the latest.
 */
export function jobs(deps: Deps): Job[] {
  const run = yieldingToUrgent(() => drain(deps.db, deps.clock).then(() => undefined), MAX_DEFERRED_TICKS);
  return [{ name: 'commission-drain', everyMs: 1000, run }];
}
