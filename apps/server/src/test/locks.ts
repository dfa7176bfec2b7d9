import type { Db } from '../platform/db.ts';

/**
 * Another transaction holding rows: runs `lockSql` (a SELECT … FOR UPDATE) in its own transaction
 * and keeps it open; resolves once the lock is held. `release()` ends that transaction and waits
 * for its commit. On PGlite (one connection) everything else queues behind it.
 */
export async function holdRows(db: Db, lockSql: string, params: unknown[]) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = db.tx(async (sql) => {
    await sql.query(lockSql, params);
    locked();
    await held;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}
