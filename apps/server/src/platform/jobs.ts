/**
 * Background jobs of a running server (feeds, draw schedulers, settlement). Each job runs on
 * its own interval and never overlaps itself; a failing run is logged and the next one tries
 * again, so a job must be restartable: whatever it does is decided from the database, not from
 * memory. Tests call a job's `run` directly instead of starting timers.
 */
export type Job = { name: string; everyMs: number; run: () => Promise<void> };
export type JobLog = { error: (obj: object, msg: string) => void };

export function startJobs(jobs: Job[], log: JobLog) {
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopping) return;
      busy = true;
      const p = job
        .run()
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job run failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.everyMs));
    setImmediate(tick);
  }
  return async () => {
    stopping = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
