/**
 * `npm run bench:load` (issue 22, "Load harness"): a scripted mixed population against a running
 * cluster on loopback, with its ceilings measured in the same run.
 *
 *   npm run bench:load                                  # 10 minutes (+30 s warm-up), 2 workers
 *   BENCH_LOAD_SECONDS=30 npm run bench:load            # a short trial
 *
 * What it does, in order:
 *  1. ceilings: pgbench TPC-B (20 clients, scale 10) on the same PostgreSQL, and a bare Fastify
 *     hello world (`bench/hello.ts`) under the same load tool (`bench/load.ts`, 50 connections);
 *  2. a scratch database (migrated, `BENCH_LOAD_PLAYERS` funded players `load0…` / `load1234`
 *     inserted directly) and a Redis of its own on a free port;
 *  3. the cluster as `npm start` runs it (`WORKERS=n node apps/server/.bundle/main.mjs`; the
 *     primary seeds the demo agents and admins), logging as shipped (LOG_LEVEL info, access log
 *     sampled), NODE_ENV=production;
 *  4. saturation windows against the cluster: context polls (50 connections, `bench/load.ts`) and
 *     sports single bets (50 clients, `bench/sports.ts`), the figures the targets compare;
 *  5. the mixed population, `BENCH_LOAD_WARMUP_SECONDS` (30) of warm-up then
 *     `BENCH_LOAD_SECONDS` (600) counted: players browsing, polling their context, charging,
 *     betting on sports and mini games and spinning the house slot (whose vendor calls the
 *     seamless wallet over HTTP through the same port); the demo agents reading statistics; two
 *     demo admins approving the charges. Every player, agent and admin is one keep-alive socket
 *     (`bench/http-client.ts`) doing one call at a time with a random think time
 *     (`BENCH_LOAD_THINK_MS`, mean 1000 for players). RSS and CPU time of every cluster process
 *     are sampled from /proc each second;
 *  6. the cluster stopped, `ledger:verify` on the scratch database, which is then dropped.
 *
 * Prints a Markdown table and writes it to `bench/results/<time>-load.md`, with a chart of
 * latency (p50 / p99 per second), requests per second, memory and CPU per process over time beside it
 * (`<time>-load-latency.svg`). Bench settings that differ from a deployment, because the whole
 * population comes from one address and one run outlasts a token's life:
 * MAX_CONNECTIONS_PER_ADDRESS=0 (no cap), TOKEN_ROTATE_MINUTES=240, ARGON_MEMORY_KIB=1024.
 * Environment: DATABASE_URL (admin connection; default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_LOAD_WORKERS (2), BENCH_LOAD_PLAYERS (200), BENCH_LOAD_CEILING_SECONDS (10, each ceiling
 * and saturation window). Not a test: it has no pass mark; the targets are printed beside the figures.
 *
 * This file reads the settings and runs the steps; `bench/load-cluster.ts` holds the children, the
 * cluster and the /proc readers, `bench/load-population.ts` the recorded calls and the population,
 * `bench/load-report.ts` the table and the chart.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openDb } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { hashPassword, setPasswordCost } from '../apps/server/src/platform/passwords.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { freePort, ownRedis } from '../apps/server/src/test/redis.ts';
import { pgbenchTps } from './measure.ts';
import { scratchPgDb, seedPlayers } from './seed.ts';
import { benchSportsPlacement } from './sports.ts';
import { childrenOf, cpuSeconds, fullCollections, helloCeiling, httpLoad, log, rssMb, sleep, startCluster, type ProcessSamples } from './load-cluster.ts';
import { AGENT_READS, adminStep, findMarkets, logIn, pick, playerStep, random, state, think } from './load-population.ts';
import { report } from './load-report.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 600);
const WARMUP = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_LOAD_WORKERS ?? 2);
const PLAYERS = Number(process.env.BENCH_LOAD_PLAYERS ?? 200);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
/** BENCH_LOAD_SLOT=0: no house slot spins (their share polls instead), to see the rest without the slot's seed-chain row. */
const SLOT = process.env.BENCH_LOAD_SLOT !== '0';
const CEILING_SECONDS = Number(process.env.BENCH_LOAD_CEILING_SECONDS ?? 10);
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const LOG_LEVEL = process.env.BENCH_LOAD_LOG_LEVEL ?? 'info';
const VENDOR_SECRET = randomBytes(24).toString('hex');

// ---------------------------------------------------------------- clean-up on every exit path

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    await fn().catch((e: Error) => log(`clean-up: ${e.message}`));
  }
}
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    log(`${sig}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });

// ---------------------------------------------------------------- the run

const started = new Date();
const loadAtStart = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
/** Per cluster process: [time, RSS MB, CPU seconds so far] each second. */
const memory: ProcessSamples[] = [];
let result: string;
try {
  result = await main();
} catch (e) {
  await cleanUp();
  log(`bench:load failed: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
}
await cleanUp();
console.log(result);
process.exit(0);

async function main(): Promise<string> {
  log(`ceiling: pgbench TPC-B, ${CEILING_SECONDS} s`);
  const [tpcb] = await pgbenchTps(BASE_URL, CEILING_SECONDS, [[]]);
  log(`  ${Math.round(tpcb)} tps`);
  log(`ceiling: bare Fastify hello world, ${CEILING_SECONDS} s`);
  const hello = await helloCeiling(CEILING_SECONDS);

  log(`scratch database, ${PLAYERS} funded players`);
  const scratch = await scratchPgDb(BASE_URL, `bench_load_${process.pid}`);
  cleanups.push(() => scratch.drop());
  {
    const db = await openDb({ url: scratch.url });
    try {
      await migrate(db);
      setPasswordCost(1024);
      await seedPlayers(db, { prefix: 'load', count: PLAYERS, passwordHash: await hashPassword('load1234'), money: 10_000_000_000n });
    } finally {
      await db.close();
    }
  }
  const redis = await ownRedis();
  cleanups.push(() => redis.kill());

  const port = await freePort();
  log(`cluster: ${WORKERS} workers on 127.0.0.1:${port}`);
  const cluster = await startCluster(
    {
      ...process.env,
      NODE_ENV: 'production',
      WORKERS: String(WORKERS),
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      HOUSE_VENDOR_SECRET: VENDOR_SECRET,
      // Production reads the demo admins' stored two-factor secrets with this key (none by default).
      TWO_FACTOR_KEY: randomBytes(24).toString('hex'),
      ARGON_MEMORY_KIB: '1024',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      TOKEN_ROTATE_MINUTES: '240',
      LOG_LEVEL,
    },
    port,
    WORKERS,
    cleanups,
  );
  const target = new URL(`http://127.0.0.1:${port}`);

  // Memory of every cluster process, each second from now on (at performance.now(); the report makes it seconds since the mixed load started).
  const collections = fullCollections(cluster.logFile);
  const processOf = (pid: number) => {
    let m = memory.find((x) => x.pid === pid);
    if (!m) memory.push((m = { pid, role: pid === cluster.pid ? 'primary' : `worker ${pid}`, points: [], live: [] }));
    return m;
  };
  const sample = () => {
    const t = performance.now();
    const pids = [cluster.pid, ...childrenOf(cluster.pid)];
    for (const pid of pids) {
      if (pid !== cluster.pid) cluster.workersSeen.add(pid);
      processOf(pid).points.push([t, rssMb(pid), cpuSeconds(pid)]);
    }
    for (const c of collections()) processOf(c.pid).live.push([t, c.mb]);
  };
  sample();
  const sampler = setInterval(sample, 1000);
  cleanups.push(async () => clearInterval(sampler));

  log('logging in: players, agents, admins');
  const { players, agents, admins } = await logIn(target, PLAYERS);
  const outcomes = await findMarkets(players[0]);

  log(`saturation: context poll, 50 connections, ${CEILING_SECONDS} s`);
  const tokens = players.slice(0, 50).map((p) => p.c.token!);
  const poll = await httpLoad(`${target.origin}/api/user/getContext`, tokens, CEILING_SECONDS);
  log(`saturation: sports single bets, 50 clients, ${CEILING_SECONDS} s`);
  const sports = await benchSportsPlacement({
    url: target.origin,
    engine: 'pg',
    seconds: CEILING_SECONDS,
    tokens,
    outcomes: outcomes.length ? outcomes : undefined,
  });

  // A live database's statistics (autovacuum keeps them); this one was created a minute ago and
  // the saturation windows just filled its bet tables (as bench/run.ts does before the wallet figure).
  {
    const db = await openDb({ url: scratch.url });
    await db.query('ANALYZE').finally(() => db.close());
  }
  log(`mixed load: ${PLAYERS} players, ${agents.length} agents, ${admins.length} admins; ${WARMUP} s warm-up + ${SECONDS} s`);
  const memoryBefore = memory.map((m) => ({ pid: m.pid, mb: m.points.at(-1)![1] }));
  state.phaseStart = performance.now();
  state.warmup = WARMUP;
  state.recording = true;
  const stopAt = state.phaseStart + (WARMUP + SECONDS) * 1000;
  const cpu0 = process.cpuUsage();
  const loop = async (mean: number, step: () => Promise<unknown>) => {
    await sleep(random() * mean);
    while (performance.now() < stopAt) {
      await step().catch((e: Error) => log(`  step failed: ${e.message}`));
      await think(mean);
    }
  };
  const progress = setInterval(() => {
    const n = [...state.stats.values()].reduce((a, s) => a + s.lat.length, 0);
    log(`  ${Math.round((performance.now() - state.phaseStart) / 1000)} s: ${n} counted calls`);
  }, 30_000);
  await Promise.all([
    ...players.map((p) => loop(THINK_MS, () => playerStep(p, SLOT))),
    ...agents.map((c) => loop(2 * THINK_MS, () => c.call(...pick(AGENT_READS)))),
    ...admins.map((c, i) => loop(THINK_MS, () => adminStep(c, i, admins.length))),
  ]);
  clearInterval(progress);
  state.recording = false;
  const took = (performance.now() - state.phaseStart) / 1000 - WARMUP;
  const cpu = process.cpuUsage(cpu0);
  const calls = [...state.buckets.values()].reduce((a, b) => a + b.reduce((x, xs) => x + (xs?.length ?? 0), 0), 0);
  log(`  the load's own CPU: ${((cpu.user + cpu.system) / 1000 / Math.max(1, calls)).toFixed(3)} ms per call`);
  sample();
  for (const c of [...players.map((p) => p.c), ...agents, ...admins]) c.close();
  clearInterval(sampler);

  const workersReplaced = cluster.workersSeen.size - WORKERS;
  log('stopping the cluster; ledger:verify');
  await cluster.stop();
  const db = await openDb({ url: scratch.url });
  const verify = await verifyLedger(db).finally(() => db.close());

  return report({
    tpcb,
    hello,
    poll,
    sports,
    took,
    memoryBefore,
    verify,
    workersReplaced,
    agents: agents.length,
    admins: admins.length,
    logFile: cluster.logFile,
    memory,
    started,
    loadAtStart,
    settings: { SECONDS, WARMUP, WORKERS, PLAYERS, THINK_MS, SLOT, CEILING_SECONDS, LOG_LEVEL },
  });
}
