import { loadConfig } from '../platform/config.ts';
import { openDb } from '../platform/db.ts';
import { migrate } from '../platform/migrate.ts';
import { verifyAudit } from '../modules/audit/index.ts';

const config = loadConfig();
const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir }).catch((e: Error) => {
  console.error(e.message);
  process.exit(2);
});
await migrate(db);
const r = await verifyAudit(db);
await db.close();
if (r.ok) console.log(`audit OK (${r.rows} rows, chain intact)`);
else {
  console.log(`audit FAILED: ${r.problems.length} problem(s)`);
  for (const p of r.problems) console.log(`  - ${p}`);
  process.exitCode = 1;
}
