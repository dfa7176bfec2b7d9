import type { Db } from '../platform/db.ts';

/**
 * A fault injected in the database: any statement that settles bet `betId` (moves it off 'open')
 * raises 'crash while settling', so the statement and its transaction roll back as on a crash
 * mid-write. Reopening the bet is not affected. Returns the function that removes the fault.
 */
export async function crashWhenSettling(db: Db, betId: bigint) {
  const name = `crash_settling_${betId}`;
  await db.query(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'crash while settling'; END $$`);
  await db.query(`CREATE TRIGGER ${name} BEFORE UPDATE ON bets FOR EACH ROW
    WHEN (NEW.id = ${betId} AND NEW.status <> 'open') EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.query(`DROP TRIGGER IF EXISTS ${name} ON bets`);
    await db.query(`DROP FUNCTION IF EXISTS ${name}()`);
  };
}
