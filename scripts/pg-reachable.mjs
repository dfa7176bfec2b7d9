// Exit 0 when the PostgreSQL at the given URL answers, 1 otherwise (CI decides to skip).
import pg from 'pg';
const c = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
try {
  await c.connect();
  await c.query('select 1');
  await c.end();
  process.exit(0);
} catch {
  process.exit(1);
}
