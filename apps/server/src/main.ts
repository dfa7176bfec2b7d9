import pino from 'pino';
import { buildApp } from './app.ts';
import { OffsetClock, systemClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { createDeps } from './platform/deps-factory.ts';
import { devSmsProvider } from './platform/sms.ts';
import { testControlRoutes } from './platform/test-controls.ts';
import { demoAccountsText, seed } from './seed.ts';
import { startBackgroundJobs } from './jobs.ts';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const config = loadConfig();
const sms = devSmsProvider(log);
const testClock = config.testControls ? new OffsetClock() : undefined;
const deps = await createDeps({ config, sms, clock: testClock ?? systemClock });
await seed(deps);
const app = await buildApp(deps, { logger: { level: config.logLevel } });
if (testClock) {
  testControlRoutes(app, testClock, sms);
  log.warn('test controls are enabled (ENABLE_TEST_CONTROLS=1): never run this way in production');
}
await app.listen({ port: config.port, host: config.host });
const stopJobs = startBackgroundJobs(deps, log);
const url = `http://localhost:${config.port}`;
console.log(`\n${demoAccountsText(url)}\n  Database    : ${deps.db.engine === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`}\n`);

const stop = async () => {
  await stopJobs();
  await app.close();
  await deps.db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
