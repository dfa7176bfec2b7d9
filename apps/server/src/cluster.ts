import cluster from 'node:cluster';
import type { Config } from './platform/config.ts';
import { serveClusterMetrics } from './platform/metrics.ts';

/**
 * `WORKERS=n npm start` (issue 22, decision 060): n server processes share one port through
 * node:cluster. Any of them serves any request: sessions live in PostgreSQL, rate limits in
 * Redis, caches drop on change notices relayed over Redis, server push is relayed the same way,
 * and each background job runs in the one process holding its advisory lock.
 */
export function workerCount(env: NodeJS.ProcessEnv): number {
  const n = Number(env.WORKERS ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Why n processes cannot run with this configuration (undefined: they can). */
export function clusterRefusal(config: Config, workers: number): string | undefined {
  if (workers <= 1) return undefined;
  if (!config.databaseUrl) return `WORKERS=${workers} needs DATABASE_URL: the embedded database serves one process.`;
  if (!config.redisUrl) return `WORKERS=${workers} needs REDIS_URL: without it each process would cache and push on its own and serve stale data.`;
  return undefined;
}

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** Forks the workers and replaces one that dies; SIGINT/SIGTERM stop them all gracefully. */
export function runPrimary(workers: number, log: Log) {
  let stopping = false;
  const fork = () => cluster.fork();
  serveClusterMetrics();
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'server process ended; starting another');
    // A second later: a process failing at start must not fork in a tight loop.
    setTimeout(fork, 1000);
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    const left = () => Object.values(cluster.workers ?? {}).filter(Boolean).length;
    const check = setInterval(() => {
      if (left() === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  log.info({ workers }, 'server processes started');
}
