import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testEngine, type TestDb } from '../test/db.ts';

// A PostgreSQL restart cuts every connection, also one checked out by a transaction that waits
// between statements. That cut is an 'error' event on the client: without a listener it killed
// the server process (npm run test:faults, decision 055). Meaningful on PostgreSQL
// (TEST_DATABASE_URL); on PGlite nothing can cut the connection and only the transaction runs.
let db: TestDb;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(async () => {
  await db?.drop();
});

describe('a connection terminated inside a transaction', () => {
  it('fails that transaction (no crash), and the next one works', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => void uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await db
        .tx(async (sql) => {
          const me = (await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
          if (testEngine === 'pg') {
            const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
            await admin.connect();
            await admin.query('SELECT pg_terminate_backend($1)', [me]);
            await admin.end();
            await new Promise((r) => setTimeout(r, 300)); // the cut arrives while no statement runs
          }
          await sql.query('SELECT 1');
          return 'committed';
        })
        .catch(() => 'failed');
      expect(outcome).toBe(testEngine === 'pg' ? 'failed' : 'committed');
      expect(uncaught).toEqual([]);
      expect((await db.tx((sql) => sql.query<{ n: number }>('SELECT 2 AS n'))).rows[0].n).toBe(2);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
