import { jobFailed, jobStarted, jobSucceeded } from './metrics.ts';

/**
 * Background jobs of a running server (feeds, draw schedulers, settlement). Each job runs on
 * its own interval and never overlaps itself; a failing run is logged and the next one tries
 * again, so a job must be restartable: whatever it does is decided from the database, not from
 * memory. Tests call a job's `run` directly instead of starting timers.
 */
export type Job = { name: string; everyMs: number; run: () => Promise<void> };
export type JobLog = { error: (obj: object, msg: string) => void };

/**
 * `startDelayMs`: the first runs wait this long. A restart's catch-up (the feed re-planning its
 * calendar, rounds missed while the server was down) is CPU and, on PGlite, database work in the
 * server's own thread; the server answers its first requests before that starts.
 */
export function startJobs(jobs: Job[], log: JobLog, opts: { startDelayMs?: number } = {}) {
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    let busy = false;
    // Job lag (issue 21): the time since the last successful run, from the runner's start until the first.
    jobStarted(job.name);
    const tick = () => {
      if (busy || stopping) return;
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
    timers.push(
      setTimeout(() => {
        if (stopping) return;
        tick();
        timers.push(setInterval(tick, job.everyMs));
      }, opts.startDelayMs ?? 0),
    );
  }
  return async () => {
    stopping = true;
    for (const t of timers) clearTimeout(t); // clears the intervals too
    await Promise.allSettled([...running]);
  };
}
