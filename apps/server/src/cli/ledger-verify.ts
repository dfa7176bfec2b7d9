import { loadConfig } from '../platform/config.ts';
import { openDb } from '../platform/db.ts';
import { migrate } from '../platform/migrate.ts';
import { verifyLedger } from '../modules/ledger/index.ts';

const config = loadConfig();
const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir }).catch((e: Error) => {
  console.error(e.message);
  process.exit(2);
});
await migrate(db);
const r = await verifyLedger(db);
await db.close();
if (r.ok) console.log('ledger OK');
else {
  console.log(`ledger FAILED: ${r.problems.length} problem(s)`);
  for (const p of r.problems) console.log(`  - ${p}`);
  process.exitCode = 1;
}
