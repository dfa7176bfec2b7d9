import type { Sql } from './db.ts';

/**
 * The commission drain's transaction-scoped advisory lock (decisions 027, 030): one drainer at a
 * time across processes. The statistics rebuild and the losing settlement take the same key
 * (blocking), so neither interleaves with a drain batch. It lives here because statistics cannot
 * import commissions (the drain imports statistics).
 */
export const DRAIN_LOCK = 7274027;

/** Waits for the drain lock until the transaction ends. */
export async function holdDrainLock(sql: Sql, name: string) {
  await sql.query('SELECT pg_advisory_xact_lock($1)', [DRAIN_LOCK], name);
}
