import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from '../platform/db.ts';
import { migrate } from '../platform/migrate.ts';

export type TestDb = Db & { drop(): Promise<void> };

/** The engine tests run against: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export const testEngine = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';

/** A fresh, migrated database for one test file. */
export async function freshDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    return Object.assign(db, { drop: () => db.close() });
  }
  const scratch = await scratchDatabase(url, 't');
  const db = await openDb({ url: scratch.url });
  await migrate(db);
  return Object.assign(db, {
    async drop() {
      await db.close();
      await scratch.drop();
    },
  });
}

/** A new, empty PostgreSQL database beside `url`'s, named for the test process; `drop` removes it. */
export async function scratchDatabase(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
