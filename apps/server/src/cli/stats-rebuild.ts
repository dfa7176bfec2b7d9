import { loadConfig } from '../platform/config.ts';
import { openDb } from '../platform/db.ts';
import { migrate } from '../platform/migrate.ts';
import { kstDay, rebuildStatistics, resolveRange } from '../modules/statistics/index.ts';

// The statistics initialisation (decision 030): `npm run stats:rebuild -w apps/server -- 2026-11-01 2026-11-27`
// recomputes the day rows of those KST days (both included; one day when only one is given,
// today without any) from bets and commission accruals. Safe while the server runs: it holds the
// commission drain's lock for its transaction.
const [from, to] = process.argv.slice(2).filter((a) => /^\d{4}-\d{2}-\d{2}$/.test(a));
const config = loadConfig();
const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir }).catch((e: Error) => {
  console.error(e.message);
  process.exit(2);
});
await migrate(db);
// Up to a year at a time, the same bound as the calls: longer histories run in several steps.
const range = resolveRange(new Date(), { from: from ?? kstDay(new Date()), to: to ?? from });
const members = await rebuildStatistics(db, range);
await db.close();
console.log(`statistics rebuilt for ${range.from} .. ${range.to}: ${members} member rows`);
