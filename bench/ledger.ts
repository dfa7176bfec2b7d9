/**
 * Ledger throughput: sequential and concurrent transfers, then a full verify.
 *   npx tsx bench/ledger.ts                 # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger.ts
 * Prints figures; it is not a test.
 */
import pg from 'pg';
import { openDb } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { HOUSE, transfer, verifyLedger } from '../apps/server/src/modules/ledger/service.ts';

const N = Number(process.env.BENCH_N ?? 2000);
const url = process.env.DATABASE_URL;
let dbName: string | undefined;
let dbUrl = url;
if (url) {
  dbName = `bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
}
const db = await openDb({ url: dbUrl, dataDir: 'memory://' });
await migrate(db);
const users: bigint[] = [];
for (let i = 0; i < 50; i++) {
  const r = await db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, status) VALUES ($1, 'x', $1, 'user', 'normal_a') RETURNING id`,
    [`b${i}`],
  );
  users.push(r.rows[0].id);
  await db.tx((sql) =>
    transfer(sql, systemClock, {
      idempotencyKey: `fund-${i}`,
      kind: 'bench',
      from: { house: HOUSE.deposits, asset: 'money' },
      to: { user: r.rows[0].id, asset: 'money' },
      amount: 1_000_000_000n,
    }),
  );
}
const one = (i: number) =>
  db.tx((sql) =>
    transfer(sql, systemClock, {
      idempotencyKey: `t-${i}`,
      kind: 'bench',
      from: { user: users[i % 50], asset: 'money' },
      to: { house: HOUSE.stakes, asset: 'money' },
      amount: 1_000n,
    }),
  );

let t = performance.now();
for (let i = 0; i < N; i++) await one(i);
const seq = performance.now() - t;
t = performance.now();
await Promise.all(Array.from({ length: N }, (_, i) => one(N + i)));
const par = performance.now() - t;
t = performance.now();
const v = await verifyLedger(db);
const ver = performance.now() - t;
console.log(`engine: ${db.engine}`);
console.log(`sequential transfers: ${N} in ${seq.toFixed(0)} ms  (${((N / seq) * 1000).toFixed(0)}/s)`);
console.log(`concurrent transfers: ${N} in ${par.toFixed(0)} ms  (${((N / par) * 1000).toFixed(0)}/s)`);
console.log(`ledger verify over ${N * 2 + 50} transactions: ${ver.toFixed(0)} ms, ${v.ok ? 'OK' : v.problems.length + ' problems'}`);
await db.close();
if (url && dbName) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await c.end();
}
