import type { Clock } from '../../platform/clock.ts';
import type { Db, Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { HOUSE, lockBalances, postTransaction, type Posting } from '../ledger/index.ts';
import { GAMES } from '../minigames/index.ts';
import { foldStatistics } from '../statistics/index.ts';
import { accrualsOf, batchKey, legsOf, netsOf, reversalsOf, spreadWriteOff } from './plan.ts';
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

export type DrainReport = { taken: number; accrued: number; reversed: number; transactionId: bigint | null };

export type DrainOptions = {
  limit?: number;
  /** Runs just before the batch commits (tests throw here to kill a batch mid-way). */
  beforeCommit?: (sql: Sql) => Promise<void>;
};

// Powerball-family mini games have their own rolling rates (rates.ts rollingGameTypeOf).
const POWERBALL = new Set<string>([...GAMES.values()].filter((g) => g.family.family === 'powerball').map((g) => g.key));
const isPowerball = (game: string) => POWERBALL.has(game);

async function drainBatch(sql: Sql, clock: Clock, opts: DrainOptions): Promise<DrainReport | null> {
  if (!(await repo.tryDrainLock(sql))) return null;
  const rows = await repo.takeOutbox(sql, opts.limit ?? DRAIN_LIMIT);
  const report: DrainReport = { taken: rows.length, accrued: 0, reversed: 0, transactionId: null };
  if (rows.length === 0) return report;
  const at = clock.now();
  // Every row's member: accruals need the accrue rows' paths, statistics every row's (decision 030).
  const members = [...new Set(rows.map((r) => r.user_id))];
  const paths = members.length ? await repo.pathsOf(sql, members) : [];
  // Accruals first, then reversals: a batch holding a bet's settlement and its undoing (in id
  // order, decision 027) nets it to nothing.
  const paid = await repo.insertAccruals(sql, accrualsOf(rows, paths, isPowerball), at);
  const reversed = await repo.reverseAccruals(sql, reversalsOf(rows), at);
  report.accrued = paid.length;
  report.reversed = reversed.length;
  // The batch's daily statistics, in its transaction: a crash counts nothing, a retry counts once.
  await foldStatistics(sql, {
    rows: rows.map((r) => ({
      ...r,
      gameType: rollingGameTypeOf({ gameType: r.game_type, betType: r.bet_type, powerball: r.game_type === 'minigame' && isPowerball(r.game) }),
    })),
    accruals: [...paid.map((a) => ({ ...a, sign: 1n })), ...reversed.map((a) => ({ ...a, sign: -1n }))],
    paths,
  });
  const nets = netsOf(paid, reversed);
  const owing = [...nets].filter(([, n]) => n < 0n).map(([a]) => a);
  const legs = legsOf(nets, owing.length ? await lockBalances(sql, owing, 'money') : new Map());
  const postings: Posting[] = [...legs.agents].map(([user, amount]) => ({ account: { user, asset: 'money' }, amount }));
  if (legs.commissions !== 0n) postings.push({ account: { house: HOUSE.commissions, asset: 'money' }, amount: legs.commissions });
  if (legs.adjustments !== 0n) postings.push({ account: { house: HOUSE.adjustments, asset: 'money' }, amount: legs.adjustments });
  if (postings.length > 0) {
    const posted = await postTransaction(sql, clock, {
      idempotencyKey: batchKey(rows),
      kind: 'commission.rolling',
      reason: { type: 'bet_outbox', id: rows[0].id },
      memo: '롤링 커미션',
      postings,
    });
    // The rows were in the outbox, so their batch cannot have been posted: the two disagree.
    if (posted.replayed) throw new Error(`commission batch ${batchKey(rows)} was already posted`);
    report.transactionId = posted.transactionId;
    await repo.recordPosting(
      sql,
      posted.transactionId,
      paid.map((p) => p.id),
      spreadWriteOff(reversed, legs.writtenOff),
    );
  }
  await opts.beforeCommit?.(sql);
  return report;
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

/** Commissions are credited within a second or two of settlement (issue 18: within 5 s). */
export function jobs(deps: Deps): Job[] {
  return [{ name: 'commission-drain', everyMs: 1000, run: () => drain(deps.db, deps.clock).then(() => undefined) }];
}
