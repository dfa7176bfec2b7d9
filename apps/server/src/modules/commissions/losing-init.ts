import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { conflict } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as repo from './losing-repo.ts';

/**
 * The settlement initialisation (spec §4 "started, takes up to 10 minutes, irreversible";
 * decision 031). Starting it cancels every settlement still pending or carried and empties the
 * journal; the job then walks every bet up to the last one at the start in id chunks and writes
 * each a baseline entry, so the bet counts as already settled: later periods see only what
 * changes after. Each chunk is its own transaction and records how far it got, so the job
 * survives a restart and reports its progress; period runs are refused while it runs.
 */

export const INIT_CHUNK = 20_000n;

export const jobAnswer = (j: repo.InitJobRow) => ({
  id: Number(j.id),
  status: j.status,
  progress: j.status === 'done' || j.to_bet === 0n ? 100 : Math.min(99, Number((j.done_bet * 100n) / j.to_bet)),
  started_at: j.started_at.toISOString(),
  finished_at: j.finished_at?.toISOString() ?? null,
  cancelled: j.cancelled,
  baseline: j.baseline,
});

export async function startInit(db: Db, clock: Clock, actor: Actor & { id: bigint | null }) {
  return db.tx(async (sql) => {
    await repo.lockLosing(sql);
    if (await repo.runningInitJob(sql)) throw conflict('The settlement initialisation is running.', 'settlement_init_running');
    const job = await repo.startInitJob(sql, actor.id, clock.now());
    await writeAudit(sql, clock, {
      actor,
      action: 'losing.initialise',
      target: `losing_init:${job.id}`,
      after: { to_bet: job.to_bet, cancelled: job.cancelled },
    });
    return job;
  });
}

export const initStatus = async (db: Db) => (await repo.latestInitJob(db)) ?? null;

/** One chunk of the running job, if any (a second worker skips the locked job). Returns the job after it. */
export async function initStep(db: Db, clock: Clock, chunk = INIT_CHUNK) {
  return db.tx(async (sql) => {
    const job = await repo.runningInitJob(sql, true);
    if (!job) return null;
    const upTo = job.done_bet + chunk < job.to_bet ? job.done_bet + chunk : job.to_bet;
    const written = upTo > job.done_bet ? await repo.writeEntries(sql, { after: job.done_bet, upTo }, { initId: job.id }, clock.now()) : [];
    return repo.advanceInitJob(sql, job.id, upTo, written.length, clock.now(), upTo >= job.to_bet);
  });
}

/** Runs chunks for up to `budgetMs` (the job tick), so other work gets its turn. */
export async function initTick(db: Db, clock: Clock, budgetMs = 800) {
  const until = Date.now() + budgetMs;
  let job = await initStep(db, clock);
  while (job && job.status === 'running' && Date.now() < until) job = await initStep(db, clock);
}

/** The job that carries a started initialisation forward: a few chunks a second. */
export function losingJobs(deps: Deps): Job[] {
  return [{ name: 'losing-initialise', everyMs: 1000, run: () => initTick(deps.db, deps.clock) }];
}
