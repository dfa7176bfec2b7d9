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
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { openDb } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { hashPassword, setPasswordCost } from '../apps/server/src/platform/passwords.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_AGENTS, DEMO_PASSWORD, DEMO_ROLE_ADMINS } from '../apps/server/src/seed.ts';
import { freePort, ownRedis } from '../apps/server/src/test/redis.ts';
import { Connection, type Route } from './http-client.ts';
import { pgbenchTps } from './measure.ts';
import { scratchPgDb, seedPlayers } from './seed.ts';
import { benchSportsPlacement } from './sports.ts';
import { quantile, renderChart, type Series } from './load-chart.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 600);
const WARMUP = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_LOAD_WORKERS ?? 2);
const PLAYERS = Number(process.env.BENCH_LOAD_PLAYERS ?? 200);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
/** BENCH_LOAD_SLOT=0: no house slot spins (their share polls instead), to see the rest without the slot's seed-chain row. */
const SLOT = process.env.BENCH_LOAD_SLOT !== '0';
const CEILING_SECONDS = Number(process.env.BENCH_LOAD_CEILING_SECONDS ?? 10);
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const VENDOR_SECRET = randomBytes(24).toString('hex');
const log = (s: string) => process.stderr.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The population's dice (mulberry32, seeded per run): cheap, and no platform code draws from it. */
let seed = randomBytes(4).readUInt32LE();
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** An exponential think time of mean `mean` ms (capped at 5 × mean). */
const think = (mean: number) => sleep(Math.min(5 * mean, -Math.log(1 - random()) * mean));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

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

// ---------------------------------------------------------------- children and ceilings

function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: process.env });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    c.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${err}`))));
  });
}

type Rate = { value: number; p50: number; p99: number; errors?: number };

/** `bench/load.ts`: 50 keep-alive connections POSTing `{}` to `url` (each its own token when given). */
async function httpLoad(url: string, tokens: string[] | null, seconds: number): Promise<Rate> {
  const file = path.join(os.tmpdir(), `bench-load-tokens-${process.pid}.json`);
  if (tokens) fs.writeFileSync(file, JSON.stringify(tokens));
  try {
    const out = await runChild(['bench/load.ts', url, '50', String(seconds), ...(tokens ? [file] : [])]);
    const r = JSON.parse(out.trim().split('\n').pop()!) as { perSecond: number; p50: number; p99: number; errors: number; clientCpuMs: number };
    log(`  ${url}: ${Math.round(r.perSecond)} req/s, ${r.errors} not 200; the load's own CPU ${r.clientCpuMs.toFixed(3)} ms per request`);
    return { value: r.perSecond, p50: r.p50, p99: r.p99, errors: r.errors };
  } finally {
    if (tokens) fs.rmSync(file, { force: true });
  }
}

async function helloCeiling(seconds: number): Promise<Rate> {
  const port = await freePort();
  const c = spawn(process.execPath, ['--import', 'tsx', 'bench/hello.ts', String(port)], { cwd: ROOT });
  await new Promise<void>((resolve, reject) => {
    c.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    c.on('exit', (code) => reject(new Error(`hello world exited ${code}`)));
  });
  try {
    return await httpLoad(`http://127.0.0.1:${port}/hello`, null, seconds);
  } finally {
    c.kill();
  }
}

// ---------------------------------------------------------------- the cluster

/** Pids of `pid`'s children (Linux /proc: every thread's `children` list). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
      const s = fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim();
      if (s) out.push(...s.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return out;
}

/** CPU seconds `pid` has used (user + system, /proc/<pid>/stat), NaN when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of `pid` in MB (VmRSS), NaN when it is gone. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function startCluster(env: NodeJS.ProcessEnv, port: number) {
  execFileSync(process.execPath, ['scripts/build-server-if-stale.mjs'], { cwd: ROOT, stdio: 'ignore' });
  const logFile = path.join(os.tmpdir(), `bench-load-cluster-${process.pid}.log`);
  const fd = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/.bundle/main.mjs'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const pid = child.pid!;
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const tail = () => fs.readFileSync(logFile, 'utf8').slice(-3000);
  const workersSeen = new Set<number>();
  const stop = async () => {
    if (exited !== null) return;
    const workers = childrenOf(pid);
    const dead = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const hard = setTimeout(() => {
      for (const w of workers) {
        try {
          process.kill(w, 'SIGKILL');
        } catch {
          // gone
        }
      }
      child.kill('SIGKILL');
    }, 15_000);
    await dead;
    clearTimeout(hard);
  };
  cleanups.push(stop);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`the cluster exited ${exited}:\n${tail()}`);
    if (Date.now() > deadline) throw new Error(`the cluster did not answer within 180 s:\n${tail()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && childrenOf(pid).length >= WORKERS) break;
    await sleep(250);
  }
  // Every worker listening: a few more health calls reach each of them (round-robin).
  for (let i = 0; i < 4 * WORKERS; i++) await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
  for (const w of childrenOf(pid)) workersSeen.add(w);
  return { pid, stop, logFile, workersSeen, exited: () => exited };
}

// ---------------------------------------------------------------- recording calls

type CallStats = { lat: number[]; ok: number; c4: number; c5: number; none: number; codes: Map<string, number> };
let phaseStart = 0;
let recording = false;
const stats = new Map<string, CallStats>();
/** Per call, per second since `phaseStart` (warm-up included): latencies, for the chart. */
const buckets = new Map<string, number[][]>();
let firstFailures = 0;
/** 5xx and lost connections during the warm-up (not counted in the table, but reported). */
let warmupFailures = 0;

function record(call: string, startedAt: number, ms: number, status: number, code: string | null) {
  if (!recording) return;
  const t = (startedAt - phaseStart) / 1000;
  const sec = Math.floor(t);
  let b = buckets.get(call);
  if (!b) buckets.set(call, (b = []));
  (b[sec] ??= []).push(ms);
  if (t < WARMUP) {
    if (status >= 500 || status === 0) warmupFailures++;
    return;
  }
  let s = stats.get(call);
  if (!s) stats.set(call, (s = { lat: [], ok: 0, c4: 0, c5: 0, none: 0, codes: new Map() }));
  s.lat.push(ms);
  if (status >= 200 && status < 300) s.ok++;
  else if (status >= 400 && status < 500) s.c4++;
  else if (status === 0) s.none++;
  else s.c5++;
  if (code) s.codes.set(code, (s.codes.get(code) ?? 0) + 1);
}

type Reply<T> = { status: number; data: T | null; code: string | null; params?: Record<string, string> };

/** One person's browser: a keep-alive socket, its bearer token, one call at a time. */
class Client {
  readonly conn: Connection;
  private readonly routes = new Map<string, Route>();
  constructor(
    readonly target: URL,
    public token: string | null,
  ) {
    this.conn = new Connection(target);
  }

  /**
   * POSTs `body` to `p`; `name` is the row the call is counted under (default: the path). A 200's
   * body is read only with `wantBody` (a refusal's always, for its code): a browser parses what it
   * shows, but this one process plays hundreds of them on a CPU it shares with the cluster.
   */
  async call<T = unknown>(p: string, body: unknown, name = p, wantBody = false): Promise<Reply<T>> {
    let route = this.routes.get(p);
    if (!route) this.routes.set(p, (route = this.conn.route(p, this.token ? { Authorization: `Bearer ${this.token}` } : {})));
    const t = performance.now();
    const a = await this.conn.post(route, JSON.stringify(body), '', wantBody ? () => true : (s) => s !== 200);
    const ms = performance.now() - t;
    let data: T | null = null;
    let code: string | null = null;
    let params: Record<string, string> | undefined;
    if (a.text) {
      try {
        const j = JSON.parse(a.text) as { result?: boolean; data?: T; error?: { code?: string; params?: Record<string, string> } };
        data = j.data ?? null;
        if (a.status !== 200) {
          code = j.error?.code ?? `http_${a.status}`;
          params = j.error?.params;
        }
      } catch {
        if (a.status !== 200) code = `http_${a.status}`;
      }
    } else if (a.status !== 200) code = a.status ? `http_${a.status}` : 'no_answer';
    if ((a.status >= 500 || a.status === 0) && recording && firstFailures++ < 5) log(`  ${name}: ${a.status} ${a.text.slice(0, 300)}`);
    record(name, t, ms, a.status, code);
    return { status: a.status, data, code, params };
  }

  /** The same call, throwing unless it answered 200 (the set-up calls). */
  async must<T>(p: string, body: unknown): Promise<T> {
    const r = await this.call<T>(p, body, p, true);
    if (r.status !== 200 || r.data === null) throw new Error(`${p}: ${r.status} ${r.code}`);
    return r.data;
  }

  close() {
    this.conn.close();
  }
}

// ---------------------------------------------------------------- the population

type Pick = { outcome_id: number; odds: string };
type Minigame = { key: string; market: string; pick: string };
type Round = { id: number; opens_at: string; closes_at: string };
type Player = { c: Client; id: number; launch: string | null; lastCharge: number; seq: number };

const BROWSE_PATHS = ['/', '/sports', '/inplay', '/minigame', '/casino', '/slot', '/board', '/mypage', '/charge'];
let outcomes: Pick[] = [];
let outcomesAt = 0;
let minigames: Minigame[] = [];
const runTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** Prematch outcomes of open markets on the europe board, starting 10 minutes from now or later (as bench/sports.ts lists them). */
function listedOutcomes(data: {
  fixtures: { starts_at: string; live: boolean; markets: { status: string; outcomes: { id: number; odds: string; active: boolean }[] }[] }[];
}) {
  const soon = Date.now() + 10 * 60_000;
  const picks: Pick[] = [];
  for (const f of data.fixtures) {
    if (f.live || new Date(f.starts_at).getTime() < soon) continue;
    for (const m of f.markets) if (m.status === 'open') for (const o of m.outcomes) if (o.active) picks.push({ outcome_id: o.id, odds: o.odds });
  }
  return picks;
}

async function browseSports(p: Player) {
  // The list is large: its body is read (and parsed) only when the outcomes are due for a refresh.
  const refresh = Date.now() - outcomesAt > 20_000;
  const r = await p.c.call<Parameters<typeof listedOutcomes>[0]>('/api/user/sports/fixtures', { board: 'europe' }, undefined, refresh);
  if (r.data && refresh) {
    const fresh = listedOutcomes(r.data);
    if (fresh.length) [outcomes, outcomesAt] = [fresh, Date.now()];
  }
}

async function sportsBet(p: Player) {
  if (!outcomes.length) return browseSports(p);
  const o = pick(outcomes);
  const r = await p.c.call('/api/user/sports/bet/place', {
    request_id: `ld-${runTag}-s${p.id}-${p.seq++}`,
    board: 'europe',
    amount: 1000,
    selections: [{ outcome_id: o.outcome_id, odds: o.odds }],
  });
  // The feed moved the price: take the new one for the next bet, as the slip would.
  for (const ch of r.params?.changes?.split(',') ?? []) {
    const [id, odds] = ch.split(':');
    for (const x of outcomes) if (String(x.outcome_id) === id) x.odds = odds;
  }
}

async function minigameBet(p: Player) {
  if (!minigames.length) return;
  const g = pick(minigames);
  const r = await p.c.call<{ current: Round | null; server_time: string }>('/api/user/minigame/round', { game: g.key }, undefined, true);
  const cur = r.data?.current;
  if (!cur || !r.data) return;
  const now = Date.parse(r.data.server_time);
  if (now < Date.parse(cur.opens_at) || now > Date.parse(cur.closes_at) - 1000) return; // between rounds: the page just waits
  await p.c.call('/api/user/minigame/bet', {
    game: g.key,
    round_id: cur.id,
    market: g.market,
    pick: g.pick,
    amount: 1000,
    request_id: `ld-${runTag}-m${p.id}-${p.seq++}`,
  });
}

async function slotSpin(p: Player) {
  if (!p.launch) {
    const r = await p.c.call<{ url: string }>('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'fortune5' }, undefined, true);
    const token = r.data?.url ? new URL(r.data.url, 'http://x').searchParams.get('token') : null;
    if (!token) return;
    p.launch = token;
    await p.c.call('/api/house/session', { token, user: p.id, game: 'fortune5' });
  }
  const r = await p.c.call('/api/house/slot/spin', {
    token: p.launch,
    user: p.id,
    game: 'fortune5',
    bet: '1000',
    request_id: `ld-${runTag}-h${p.id}-${p.seq++}`,
    client_seed: randomBytes(8).toString('hex'),
  });
  if (r.status === 401 || r.status === 403) p.launch = null; // the launch token ended: launch again
}

async function charge(p: Player) {
  // The platform refuses a second charge request within 30 s (setting charge.delay_seconds).
  if (Date.now() - p.lastCharge < 35_000) return p.c.call('/api/user/getContext', {});
  p.lastCharge = Date.now();
  await p.c.call('/api/user/bank/getChargeAccount', {});
  await p.c.call('/api/user/bank/charge', { charge_money: 10_000 + 1000 * Math.floor(random() * 90), request_id: `ld-${runTag}-c${p.id}-${p.seq++}` });
}

/** One player's next step, by weight: mostly polling and browsing, then betting, spinning, charging. */
async function playerStep(p: Player) {
  const r = random() * 100;
  if (r < 35) await p.c.call('/api/user/getContext', {});
  else if (r < 47) await p.c.call('/api/user/browse', { path: pick(BROWSE_PATHS) });
  else if (r < 53) await browseSports(p);
  else if (r < 56) await p.c.call('/api/user/minigame/games', {});
  else if (r < 70) await sportsBet(p);
  else if (r < 83) await minigameBet(p);
  else if (r < 97) await (SLOT ? slotSpin(p) : p.c.call('/api/user/getContext', {}));
  else await charge(p);
}

const AGENT_READS: [string, unknown][] = [
  ['/api/agent/getContext', {}],
  ['/api/agent/statistics/total', {}],
  ['/api/agent/statistics/rolling', {}],
  ['/api/agent/statistics/days', {}],
  ['/api/agent/zeus/home', {}],
  ['/api/agent/zeus/daily-bettings', {}],
  ['/api/agent/zeus/total-user-bettings', {}],
];

/** An admin: the waiting charges (those of its share), each approved; now and then the dashboard. */
async function adminStep(c: Client, share: number, of: number) {
  const r = await c.call<{ rows: { id: number }[] }>('/api/admin/bank/list', { type: 'charge', status: 'waiting' }, undefined, true);
  for (const row of r.data?.rows ?? []) {
    if (row.id % of !== share) continue;
    await c.call('/api/admin/bank/process', { type: 'charge', id: row.id, action: 'approve' });
  }
  if (random() < 0.2) await c.call('/api/admin/getContext', {});
}

// ---------------------------------------------------------------- the run

const started = new Date();
const loadAtStart = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
const stem = started.toISOString().replace(/[:.]/g, '-');
/** Per cluster process: [time, RSS MB, CPU seconds so far] each second. */
const memory: { pid: number; role: string; points: [number, number, number][] }[] = [];
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
      LOG_LEVEL: process.env.BENCH_LOAD_LOG_LEVEL ?? 'info',
    },
    port,
  );
  const target = new URL(`http://127.0.0.1:${port}`);

  // Memory of every cluster process, each second from now on (at performance.now(); the report makes it seconds since the mixed load started).
  const sample = () => {
    const t = performance.now();
    const pids = [cluster.pid, ...childrenOf(cluster.pid)];
    for (const pid of pids) {
      if (pid !== cluster.pid) cluster.workersSeen.add(pid);
      let m = memory.find((x) => x.pid === pid);
      if (!m) memory.push((m = { pid, role: pid === cluster.pid ? 'primary' : `worker ${pid}`, points: [] }));
      m.points.push([t, rssMb(pid), cpuSeconds(pid)]);
    }
  };
  sample();
  const sampler = setInterval(sample, 1000);
  cleanups.push(async () => clearInterval(sampler));

  log('logging in: players, agents, admins');
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const c = new Client(target, null);
    const d = await c.must<{ token: string; user: { id: number } }>('/api/user/login', { account: `load${i}`, password: 'load1234' });
    c.close();
    players.push({ c: new Client(target, d.token), id: d.user.id, launch: null, lastCharge: 0, seq: 0 });
  }
  const agents: Client[] = [];
  for (const a of DEMO_AGENTS) {
    const c = new Client(target, null);
    const d = await c.must<{ token: string }>('/api/agent/login', { account: a.account, password: DEMO_PASSWORD });
    c.close();
    agents.push(new Client(target, d.token));
  }
  const admins: Client[] = [];
  for (const account of [DEMO_ADMIN.account, DEMO_ROLE_ADMINS.find((a) => a.role === 'cash_desk')?.account ?? DEMO_ADMIN.account]) {
    const c = new Client(target, null);
    const otp = await generate({ secret: DEMO_ADMIN_TOTP_SECRET });
    const d = await c.must<{ token: string }>('/api/admin/login', { account, password: DEMO_ADMIN.password, otp });
    c.close();
    admins.push(new Client(target, d.token));
  }
  {
    const games = await players[0].c.must<{ games: { key: string; betting_allowed: boolean; markets: { key: string; picks: { key: string }[] }[] }[] }>(
      '/api/user/minigame/games',
      {},
    );
    minigames = games.games
      .filter((g) => g.betting_allowed && g.markets[0]?.picks[0])
      .map((g) => ({ key: g.key, market: g.markets[0].key, pick: g.markets[0].picks[0].key }));
    // The simulated feed makes its fixtures at start-up; wait for some prematch ones.
    for (let i = 0; i < 60 && !outcomes.length; i++) {
      await browseSports(players[0]);
      if (!outcomes.length) await sleep(1000);
    }
    log(`  ${minigames.length} mini games open to bets; ${outcomes.length} prematch outcomes listed`);
  }

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
  phaseStart = performance.now();
  recording = true;
  const stopAt = phaseStart + (WARMUP + SECONDS) * 1000;
  const cpu0 = process.cpuUsage();
  const loop = async (mean: number, step: () => Promise<unknown>) => {
    await sleep(random() * mean);
    while (performance.now() < stopAt) {
      await step().catch((e: Error) => log(`  step failed: ${e.message}`));
      await think(mean);
    }
  };
  const progress = setInterval(() => {
    const n = [...stats.values()].reduce((a, s) => a + s.lat.length, 0);
    log(`  ${Math.round((performance.now() - phaseStart) / 1000)} s: ${n} counted calls`);
  }, 30_000);
  await Promise.all([
    ...players.map((p) => loop(THINK_MS, () => playerStep(p))),
    ...agents.map((c) => loop(2 * THINK_MS, () => c.call(...pick(AGENT_READS)))),
    ...admins.map((c, i) => loop(THINK_MS, () => adminStep(c, i, admins.length))),
  ]);
  clearInterval(progress);
  recording = false;
  const took = (performance.now() - phaseStart) / 1000 - WARMUP;
  const cpu = process.cpuUsage(cpu0);
  const calls = [...buckets.values()].reduce((a, b) => a + b.reduce((x, xs) => x + (xs?.length ?? 0), 0), 0);
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
  });
}

// ---------------------------------------------------------------- the report

function report(r: {
  tpcb: number;
  hello: Rate;
  poll: Rate;
  sports: Awaited<ReturnType<typeof benchSportsPlacement>>;
  took: number;
  memoryBefore: { pid: number; mb: number }[];
  verify: { ok: boolean; problems: string[] };
  workersReplaced: number;
  agents: number;
  admins: number;
  logFile: string;
}): string {
  const n = (x: number) => (!Number.isFinite(x) ? '–' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(x >= 10 ? 1 : 2));
  const pct = (x: number, of: number) => `${Math.round((x / of) * 100)} %`;
  const yes = (b: boolean) => (b ? 'met' : '**not met**');
  const sp = r.sports.sportsPlace;

  // Per call.
  const names = [...stats.keys()].sort();
  let total5 = 0;
  let totalNone = 0;
  let totalCalls = 0;
  const callRows = names.map((name) => {
    const s = stats.get(name)!;
    total5 += s.c5;
    totalNone += s.none;
    totalCalls += s.lat.length;
    const codes = [...s.codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([c, k]) => `${c} ${k}`)
      .join(', ');
    return `| ${name.replace(/^\/api/, '')} | ${s.lat.length.toLocaleString('en-US')} | ${n(s.lat.length / SECONDS)} | ${n(quantile(s.lat, 0.5))} | ${n(quantile(s.lat, 0.95))} | ${n(quantile(s.lat, 0.99))} | ${s.c4}${codes && s.c4 ? ` (${codes})` : ''} | ${s.c5} | ${s.none} |`;
  });
  const all = names.flatMap((k) => stats.get(k)!.lat);

  // Memory: start (cluster up, before any load), then the floor (lowest RSS: what the collector
  // could not free) of each third of the counted window. A sawtooth between collections is not a
  // leak, so ends and peaks say little; a floor that keeps rising is one. V8 grows a busy heap to
  // its working size over the first minutes (the 22:49 run's chart: floors rose for about 200 s,
  // then held), so "flat" compares the last third with the middle one; all three are printed.
  const at = (points: [number, number, number][], t: number, i = 1) => {
    let best: [number, number, number] | undefined;
    for (const p of points) if (p[0] <= t && Number.isFinite(p[i])) best = p;
    return best?.[i] ?? Number.NaN;
  };
  const floorOf = (points: [number, number, number][], from: number, to: number) =>
    Math.min(...points.filter((p) => p[0] >= from && p[0] <= to && Number.isFinite(p[1])).map((p) => p[1]));
  for (const m of memory) m.points = m.points.map(([t, mb, cpu]) => [(t - phaseStart) / 1000, mb, cpu]);
  let worstGrowth = 0;
  const third = SECONDS / 3;
  const memRows = memory.map((m) => {
    const start = m.points.find((p) => Number.isFinite(p[1]))?.[1] ?? Number.NaN;
    const before = r.memoryBefore.find((b) => b.pid === m.pid)?.mb ?? Number.NaN;
    const floors = [0, 1, 2].map((k) => floorOf(m.points, WARMUP + k * third, WARMUP + (k + 1) * third));
    const max = Math.max(...m.points.filter((p) => p[0] >= 0 && Number.isFinite(p[1])).map((p) => p[1]));
    const growth = (floors[2] - floors[1]) / floors[1];
    if (m.role !== 'primary' && Number.isFinite(growth)) worstGrowth = Math.max(worstGrowth, growth);
    const cpu = ((at(m.points, WARMUP + SECONDS, 2) - at(m.points, WARMUP, 2)) / SECONDS) * 100;
    return `| ${m.role} | ${n(start)} | ${n(before)} | ${floors.map(n).join(' / ')} | ${n(max)} | ${Number.isFinite(growth) ? `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %` : '–'} | ${n(cpu)} % |`;
  });

  // The chart: p50 / p99 per second of the main calls, requests per second, memory.
  const MAIN: [string, string, string][] = [
    ['/api/user/getContext', 'context poll', '#1f77b4'],
    ['/api/user/sports/bet/place', 'sports bet', '#d62728'],
    ['/api/user/minigame/bet', 'mini-game bet', '#2ca02c'],
    ['/api/house/slot/spin', 'house slot spin', '#9467bd'],
    ['/api/admin/bank/process', 'admin approve', '#8c564b'],
  ];
  const seconds = WARMUP + r.took;
  const perSecond = (name: string, f: (xs: number[]) => number): [number, number][] =>
    (buckets.get(name) ?? []).flatMap((xs, sec) => (xs?.length ? [[sec + 0.5, f(xs)] as [number, number]] : []));
  const latency: Series[] = MAIN.flatMap(([name, label, color]) => [
    { name: `${label} p99`, color, points: perSecond(name, (xs) => quantile(xs, 0.99)) },
    { name: `${label} p50`, color, dashed: true, points: perSecond(name, (xs) => quantile(xs, 0.5)) },
  ]);
  const totals: number[] = [];
  for (const b of buckets.values()) b.forEach((xs, sec) => (totals[sec] = (totals[sec] ?? 0) + (xs?.length ?? 0)));
  const rps: Series[] = [
    { name: 'all calls', color: '#333', points: totals.flatMap((v, sec) => (v === undefined ? [] : [[sec + 0.5, v] as [number, number]])) },
    ...MAIN.map(([name, label, color]) => ({ name: label, color, points: perSecond(name, (xs) => xs.length) })),
  ];
  const palette = ['#333', '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b'];
  const mem: Series[] = memory.map((m, i) => ({
    name: m.role,
    color: palette[i % palette.length],
    points: m.points.filter((p) => p[0] >= 0).map(([t, mb]): [number, number] => [t, mb]),
  }));
  // CPU per process, % of a core, between consecutive samples.
  const cpuSeries: Series[] = memory.map((m, i) => ({
    name: m.role,
    color: palette[i % palette.length],
    points: m.points.flatMap(([t, , c], k): [number, number][] => {
      const prev = m.points[k - 1];
      return prev && t >= 0 && t > prev[0] ? [[t, ((c - prev[2]) / (t - prev[0])) * 100]] : [];
    }),
  }));
  const svg = renderChart({
    title: `bench:load ${started.toISOString()}: ${WORKERS} workers, ${PLAYERS} players`,
    seconds,
    warmup: WARMUP,
    panels: [
      { title: 'Latency per second: p99 (solid) and p50 (dashed)', unit: 'ms', log: true, series: latency },
      { title: 'Requests per second (answered, by start second)', unit: 'req/s', series: rps },
      { title: 'Resident memory per cluster process', unit: 'MB', series: mem },
      { title: 'CPU per cluster process (% of one core)', unit: '%', series: cpuSeries },
    ],
  });
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const svgName = `${stem}-load-latency.svg`;
  fs.writeFileSync(path.join(dir, svgName), svg);

  const pollOk = r.poll.value >= 0.4 * r.hello.value && r.poll.p99 < 20;
  const sportsOk = sp.value >= 0.6 * r.tpcb && (sp.p99 ?? Infinity) < 50;
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const md = `# Load ${started.toISOString()}

${os.cpus().length} CPUs, load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${load}: figures taken while other work loads the machine are that work's as much as the platform's. Cluster of ${WORKERS} workers (\`apps/server/.bundle/main.mjs\`, NODE_ENV=production, LOG_LEVEL ${process.env.BENCH_LOAD_LOG_LEVEL ?? 'info'}, access log as shipped) on PostgreSQL and its own Redis, on loopback. Mixed population: ${PLAYERS} players (think time mean ${THINK_MS} ms), ${r.agents} agents (mean ${2 * THINK_MS} ms), ${r.admins} admins approving charges${SLOT ? '' : '; no house slot spins (BENCH_LOAD_SLOT=0)'}; ${WARMUP} s warm-up (not counted), then ${SECONDS} s counted (calls started in it; the last answers came ${n(r.took - SECONDS)} s after its end). Ceilings and saturation windows ${CEILING_SECONDS} s each.

## Targets

| figure | measured | ratio | target | |
|---|---|---|---|---|
| context poll across the cluster, 50 connections (req/s; p50 / p99 ms) | ${n(r.poll.value)}; ${n(r.poll.p50)} / ${n(r.poll.p99)}${r.poll.errors ? ` (${r.poll.errors} not 200)` : ''} | ${pct(r.poll.value, r.hello.value)} of hello world | ≥ 40 % of hello world, p99 < 20 ms | ${yes(pollOk)} |
| sports single bets over HTTP, 50 clients (bets/s; p50 / p99 ms) | ${n(sp.value)}; ${n(sp.p50!)} / ${n(sp.p99!)}${r.sports.sportsRefused.value ? ` (${r.sports.sportsRefused.value} refused)` : ''} | ${pct(sp.value, r.tpcb)} of TPC-B | ≥ 60 % of TPC-B, p99 < 50 ms | ${yes(sportsOk)} |
| mixed load: 5xx answers; no answer (connection lost) | ${total5}; ${totalNone} of ${totalCalls.toLocaleString('en-US')}${warmupFailures ? ` (and ${warmupFailures} during the warm-up)` : ''} | | zero 5xx | ${yes(total5 === 0 && totalNone === 0)} |
| ledger:verify after the run | ${r.verify.ok ? 'OK' : `${r.verify.problems.length} problems`} | | zero differences | ${yes(r.verify.ok)} |
| memory: largest worker growth of the RSS floor, last third vs middle third of the counted window | ${(worstGrowth * 100).toFixed(1)} % | | flat after warm-up (< 10 %) | ${yes(worstGrowth < 0.1)} |

Ceilings measured in the same run: pgbench TPC-B (20 clients, scale 10) ${n(r.tpcb)} tps; bare Fastify hello world, 50 connections, ${n(r.hello.value)} req/s (p50 ${n(r.hello.p50)} / p99 ${n(r.hello.p99)} ms).${r.workersReplaced > 0 ? ` **${r.workersReplaced} worker(s) died and were replaced during the run** (log: ${r.logFile}).` : ''}

## Mixed load, per call (counted window)

All calls: ${totalCalls.toLocaleString('en-US')} (${n(totalCalls / SECONDS)} req/s), p50 ${n(quantile(all, 0.5))} / p95 ${n(quantile(all, 0.95))} / p99 ${n(quantile(all, 0.99))} ms. 4xx are the platform's expected refusals (odds moved, round closed, …), with their most frequent codes.

| call | requests | req/s | p50 ms | p95 ms | p99 ms | 4xx (refusals) | 5xx | no answer |
|---|---|---|---|---|---|---|---|---|
${callRows.join('\n')}

## Memory per process (RSS, MB)

| process | start (cluster up) | before the mixed load | floor, each third of the counted window | max | last vs middle third | CPU, counted window (% of a core) |
|---|---|---|---|---|---|---|
${memRows.join('\n')}

![latency, requests and memory over time](${svgName})
`;
  const file = path.join(dir, `${stem}-load.md`);
  fs.writeFileSync(file, md);
  log(`written to ${path.relative(ROOT, file)} and ${svgName}`);
  return md;
}
