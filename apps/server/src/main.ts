import { buildApp } from './app.ts';
import { createDeps } from './platform/deps-factory.ts';
import { devSmsProvider } from './platform/sms.ts';
import { demoAccountsText, seed } from './seed.ts';
import pino from 'pino';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const deps = await createDeps({ sms: devSmsProvider(log) });
await seed(deps);
const app = await buildApp(deps, { logger: { level: deps.config.logLevel } });
await app.listen({ port: deps.config.port, host: deps.config.host });
const url = `http://localhost:${deps.config.port}`;
console.log(`\n${demoAccountsText(url)}\n  Database    : ${deps.db.engine === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${deps.config.dataDir}`}\n`);

const stop = async () => {
  await app.close();
  await deps.db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
