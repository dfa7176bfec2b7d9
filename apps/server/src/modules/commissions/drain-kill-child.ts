import { systemClock } from '../../platform/clock.ts';
import { openDb } from '../../platform/db.ts';
import { drain } from './drain.ts';

/**
 * The commission drain as its own process, for drain-kill.db.test.ts: small batches, each one
 * announced and then held open just before it commits, so the test's SIGKILL lands inside a batch.
 * Argument: a PostgreSQL URL or a PGlite data folder.
 */
const target = process.argv[2];
const db = await openDb(target.startsWith('postgres') ? { url: target } : { dataDir: target });
const pause = new Int32Array(new SharedArrayBuffer(4));
let n = 0;
await drain(db, systemClock, {
  limit: 4,
  rounds: 1000,
  beforeCommit: async () => {
    process.stdout.write(`batch ${++n}\n`);
    Atomics.wait(pause, 0, 0, 500);
  },
});
process.stdout.write('done\n');
await db.close();
