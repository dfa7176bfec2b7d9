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
import { execFileSync } from 'node:child_process';
import { openDb, type Sql } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/service.ts';
import { minigameBet, scratchPgDb, seedPlayers, stakeTransfer } from './seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const MEMBERS = 50;
const url = process.env.DATABASE_URL;
const scratch = url ? await scratchPgDb(url, `bench_ledger_${process.pid}`) : null;
const dbUrl = scratch?.url;

/** `workers` loops calling `op` until the time is up; ops/s and latency percentiles (as bench/run.ts). */
async function measure(workers: number, op: (worker: number) => Promise<unknown>) {
  const lat: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < end) {
        const t = performance.now();
        await op(w);
        lat.push(performance.now() - t);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
  return { perSecond: lat.length / ((performance.now() - started) / 1000), p50: q(0.5), p99: q(0.99) };
}

function tpcb() {
  const u = new URL(url!);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const name = `bench_pgbench_${process.pid}`;
  const psql = (c: string) => execFileSync('psql', [...conn, '-d', u.pathname.slice(1) || 'postgres', '-qc', c], { stdio: 'ignore' });
  psql(`CREATE DATABASE ${name}`);
  try {
    execFileSync('pgbench', [...conn, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...conn, '-c', '20', '-j', '2', '-T', String(SECONDS), name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return Number(/tps = ([\d.]+)/.exec(out)![1]);
  } finally {
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

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
  rows.push(['transfer, 20 concurrent, in db.tx', await measure(20, (w) => db.tx((sql) => move(sql, w)))]);
  rows.push(['transfer, 20 concurrent, no tx', await measure(20, (w) => move(db, w))]);
  rows.push(['placeBet, 20 concurrent, in db.tx', await measure(20, (w) => db.tx((sql) => bet(sql, w)))]);
  rows.push(['placeBet, 20 concurrent, no tx', await measure(20, (w) => bet(db, w))]);
  const ceiling = url ? tpcb() : null;
  console.log(`engine: ${db.engine}; ${SECONDS} s per figure${ceiling ? `; pgbench TPC-B (20 clients, scale 10): ${ceiling.toFixed(0)} tps` : ''}`);
  for (const [name, m] of rows)
    console.log(
      `${name}: ${m.perSecond.toFixed(0)}/s${ceiling ? ` = ${((m.perSecond / ceiling) * 100).toFixed(0)} % of TPC-B` : ''}; p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`,
    );
  const v = await verifyLedger(db);
  console.log(`ledger verify: ${v.ok ? 'OK' : v.problems.join('; ')}`);
} finally {
  await db.close();
  if (scratch) await scratch.drop();
}
