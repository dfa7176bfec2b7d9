import { everyJob, type JobLease } from './job-lease.ts';
import { jobFailed, jobLeader, jobStarted, jobSucceeded } from './metrics.ts';

/**
 * Background jobs of a running server (feeds, draw schedulers, settlement). Each job runs on
 * its own interval and never overlaps itself; a failing run is logged and the next one tries
 * again, so a job must be restartable: whatever it does is decided from the database, not from
 * memory. Tests call a job's `run` directly instead of starting timers.
 */
export type Job = { name: string; everyMs: number; run: () => Promise<void> };
export type JobLog = { error: (obj: object, msg: string) => void };

/**
 * `lease`: which jobs this process runs (decision 060); a job it does not hold is skipped, and
 * every `leaseRetryMs` it tries to take them, running a job at once when it takes it over.
 * `startDelayMs`: the first runs wait this long. A restart's catch-up (the feed re-planning its
 * calendar, rounds missed while the server was down) is CPU and, on PGlite, database work in the
 * server's own thread; the server answers its first requests before that starts.
 */
export function startJobs(jobs: Job[], log: JobLog, opts: { startDelayMs?: number; lease?: JobLease; leaseRetryMs?: number } = {}) {
  const timers: NodeJS.Timeout[] = [];
  const lease = opts.lease ?? everyJob;
  let stopping = false;
  const running = new Set<Promise<void>>();
  const ticks = new Map<string, () => void>();
  for (const job of jobs) {
    let busy = false;
    let started = false;
    // Job lag (issue 21): the time since the last successful run, from the runner's start until the first.
    jobStarted(job.name);
    const tick = () => {
      if (!started || busy || stopping || !lease.holds(job.name)) return;
      busy = true;
      const p = job
        .run()
        .then(
          () => jobSucceeded(job.name),
          (err: unknown) => {
            jobFailed(job.name);
            log.error({ err, job: job.name }, 'job run failed');
          },
        )
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    ticks.set(job.name, tick);
    timers.push(
      setTimeout(() => {
        if (stopping) return;
        started = true;
        tick();
        timers.push(setInterval(tick, job.everyMs));
      }, opts.startDelayMs ?? 0),
    );
  }
  if (lease !== everyJob) {
    const names = jobs.map((j) => j.name);
    let trying = false;
    const tryLease = () => {
      if (trying || stopping) return;
      trying = true;
      lease
        .acquire(names)
        .then((taken) => {
          for (const name of taken) ticks.get(name)?.();
        })
        .catch((err: unknown) => log.error({ err }, 'job lease unavailable'))
        .finally(() => {
          trying = false;
          for (const name of names) jobLeader(name, lease.holds(name));
        });
    };
    tryLease();
    timers.push(setInterval(tryLease, opts.leaseRetryMs ?? 2_000));
  } else for (const job of jobs) jobLeader(job.name, true);
  return async () => {
    stopping = true;
    for (const t of timers) clearTimeout(t); // clears the intervals too
    await Promise.allSettled([...running]);
    await lease.release();
  };
}
