import { openDb } from '../../platform/db.ts';
import { systemClock } from '../../platform/clock.ts';
import { runSettleQueue } from './settlement.ts';

/**
 * The settle job as its own process, for settle-kill.db.test.ts: works the queue in small
 * batches and says so after each committed batch, so the test can SIGKILL it part way through.
 * Argument: a PostgreSQL URL or a PGlite data folder.
 */
const target = process.argv[2];
const db = await openDb(target.startsWith('postgres') ? { url: target } : { dataDir: target });
const pause = new Int32Array(new SharedArrayBuffer(4));
await runSettleQueue(db, systemClock, {
  batchSize: 4,
  afterBatch: (n) => {
    process.stdout.write(`batch ${n}\n`);
    // Slow enough that the kill lands while the job is still going (between or inside batches).
    Atomics.wait(pause, 0, 0, 200);
  },
});
process.stdout.write('done\n');
await db.close();
