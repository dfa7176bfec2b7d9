/**
 * The ledger hot path on its own (the transfer/placeBet rows of `npm run bench`, without the rest):
 * ledger transfers and placeBet, 20 concurrent, each called the way the server calls it now (on the
 * database: one statement, no BEGIN/COMMIT) and wrapped in `db.tx` (BEGIN + statement + COMMIT,
 * how callers ran it before decision 012's fourth pass); with DATABASE_URL, pgbench TPC-B in the
 * same run as the ceiling; `verifyLedger` at the end.
 *   npx tsx bench/ledger.ts                 # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ledger.ts
 * BENCH_SECONDS per figure (default 4). Prints figures; it is not a test.
 */
import { openDb, type Sql } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { measure, pgbenchTps } from './measure.ts';
import { minigameBet, scratchPgDb, seedPlayers, stakeTransfer } from './seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const MEMBERS = 50;
const url = process.env.DATABASE_URL;
const scratch = url ? await scratchPgDb(url, `bench_ledger_${process.pid}`) : null;
const dbUrl = scratch?.url;

const db = await openDb({ url: dbUrl, dataDir: 'memory://' });
try {
  await migrate(db);
  const users = await seedPlayers(db, { prefix: 'b', count: MEMBERS, money: 10_000_000_000n });
  let seq = 0;
  const move = (sql: Sql, w: number) => stakeTransfer(sql, users[w % MEMBERS], `t-${seq++}`);
  const bet = (sql: Sql, w: number) => minigameBet(sql, users[w % MEMBERS], `b-${seq++}`);
  // Warm every house shard's account ids so no figure pays for opening accounts.
  for (let i = 0; i < 400; i++) await bet(db, i);
  const rows: [string, Awaited<ReturnType<typeof measure>>][] = [];
  rows.push(['transfer, 20 concurrent, in db.tx', await measure(SECONDS, 20, (w) => db.tx((sql) => move(sql, w)))]);
  rows.push(['transfer, 20 concurrent, no tx', await measure(SECONDS, 20, (w) => move(db, w))]);
  rows.push(['placeBet, 20 concurrent, in db.tx', await measure(SECONDS, 20, (w) => db.tx((sql) => bet(sql, w)))]);
  rows.push(['placeBet, 20 concurrent, no tx', await measure(SECONDS, 20, (w) => bet(db, w))]);
  const ceiling = url ? (await pgbenchTps(url, SECONDS, [[]]))[0] : null;
  console.log(`engine: ${db.engine}; ${SECONDS} s per figure${ceiling ? `; pgbench TPC-B (20 clients, scale 10): ${ceiling.toFixed(0)} tps` : ''}`);
  for (const [name, m] of rows)
    console.log(
      `${name}: ${m.value.toFixed(0)}/s${ceiling ? ` = ${((m.value / ceiling) * 100).toFixed(0)} % of TPC-B` : ''}; p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`,
    );
  const v = await verifyLedger(db);
  console.log(`ledger verify: ${v.ok ? 'OK' : v.problems.join('; ')}`);
} finally {
  await db.close();
  if (scratch) await scratch.drop();
}
