import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp } from './app.ts';
import { OffsetClock, systemClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { createDeps } from './platform/deps-factory.ts';
import { everyJob, openJobLease, ProcessModeConflict, type JobLease } from './platform/job-lease.ts';
import { devSmsProvider } from './platform/sms.ts';
import { testControlRoutes } from './platform/test-controls.ts';
import { demoAccountsText, seed } from './seed.ts';
import { startBackgroundJobs } from './jobs.ts';
import { clusterRefusal, runPrimary, workerCount } from './cluster.ts';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const config = loadConfig();
const workers = workerCount(process.env);

if (workers > 1 && cluster.isPrimary) {
  // WORKERS=n (decision 060): this process migrates and seeds once, then keeps n servers on one port.
  const refusal = clusterRefusal(config, workers);
  if (refusal) {
    log.fatal(refusal);
    process.exit(1);
  }
  const deps = await createDeps({ config: { ...config, redisUrl: undefined } });
  await seed(deps);
  await deps.db.close();
  runPrimary(workers, log);
  console.log(`\n${demoAccountsText(`http://localhost:${config.port}`)}\n  Database    : PostgreSQL (DATABASE_URL), ${workers} server processes\n`);
} else {
  await serve();
}

async function serve() {
  const sms = devSmsProvider(log);
  const testClock = config.testControls ? new OffsetClock() : undefined;
  const deps = await createDeps({ config, sms, clock: testClock ?? systemClock });
  // Who runs the background jobs (decision 060): on PostgreSQL, the holder of each job's advisory
  // lock; the same connection refuses a second process when one of them has no Redis.
  let lease: JobLease = everyJob;
  if (config.databaseUrl) {
    try {
      lease = await openJobLease(config.databaseUrl, { shared: Boolean(config.redisUrl) });
    } catch (e) {
      if (!(e instanceof ProcessModeConflict)) throw e;
      log.fatal(e.message);
      process.exit(1);
    }
  }
  if (!cluster.isWorker) await seed(deps);
  const app = await buildApp(deps, { logger: { level: config.logLevel } });
  if (testClock) {
    testControlRoutes(app, testClock, sms);
    log.warn('test controls are enabled (ENABLE_TEST_CONTROLS=1): never run this way in production');
  }
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = startBackgroundJobs(deps, log, lease);
  if (!cluster.isWorker) {
    const url = `http://localhost:${config.port}`;
    console.log(
      `\n${demoAccountsText(url)}\n  Database    : ${deps.db.engine === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`}\n`,
    );
  }

  const stop = async () => {
    await stopJobs();
    await app.close();
    await deps.db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
