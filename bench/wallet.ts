/**
 * Seamless wallet calls per second: signed bet + win pairs from `connections` keep-alive
 * connections against a running server (each connection its own member, so the member lock
 * does not serialise them), latency per call. Target (issue 10): ≥ 3,000 calls/s, p99 < 20 ms on
 * PostgreSQL on the 2-core machine.
 *   npx tsx bench/wallet.ts                                    # own server, PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/wallet.ts
 * `benchSeamlessWallet` is what `bench/run.ts` calls; it needs the members' bearer tokens
 * (`memberTokens`, same order as `users`) to open a game session per member
 * (getCasinoLobbyUrl): a bet is only taken on a live launch token. The load runs in a child
 * process (`node --import tsx bench/wallet.ts load <dir>`), so signing and parsing on the client
 * side do not share the server's event loop when the server runs in the calling process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Connection, type Route } from './http-client.ts';
// The signature alone: the load child need not load the server's modules.
import { signWalletCall } from '../apps/server/src/modules/casino/index.ts';

type Figures = Record<string, { value: number; p50?: number; p99?: number; unit: string }>;
type LoadPlan = { url: string; secret: string; vendor: string; currency: string; seconds: number; users: string[]; tokens: string[] };
type LoadResult = {
  calls: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  clientCpuMs: number;
  byMethod: Record<string, { p50: number; p99: number }>;
};

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function post(agent: http.Agent, base: URL, p: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: p,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

export async function benchSeamlessWallet(opts: {
  url: string;
  secret: string;
  engine: 'pg' | 'pglite';
  seconds: number;
  users: string[];
  /** Bearer tokens of `users` (player sessions), to open one game session each. */
  memberTokens?: string[];
  /** Concurrent connections (default: min(20, users)). */
  connections?: number;
  vendor?: string;
  currency?: string;
  /**
   * A first, unmeasured run of `seconds`, then `then` (e.g. ANALYZE): the figures are of a live
   * database, whose statistics know its tables' sizes, not of one created a second ago.
   */
  warm?: { seconds: number; then: () => Promise<unknown> };
}): Promise<Figures> {
  const base = new URL(opts.url);
  if (!opts.memberTokens || opts.memberTokens.length < opts.users.length)
    throw new Error('benchSeamlessWallet: memberTokens (one bearer token per user) are needed to launch game sessions');
  const connections = Math.min(opts.connections ?? 20, opts.users.length);

  // One launch (game session) per member used; done here, the calls themselves in the child.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const tokens = await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const r = await post(agent, base, '/api/user/game/getCasinoLobbyUrl', JSON.stringify({ id: 6112, isMobile: false, game: 'fortune5' }), {
        authorization: `Bearer ${opts.memberTokens![i]}`,
      });
      const url = (JSON.parse(r.text) as { data?: { url?: string } }).data?.url;
      const token = url ? new URL(url, 'http://x').searchParams.get('token') : null;
      if (!token) throw new Error(`benchSeamlessWallet: launch failed for member ${opts.users[i]}: ${r.text.slice(0, 200)}`);
      return token;
    }),
  );
  agent.destroy();

  const run = async (seconds: number) => {
    const plan: LoadPlan = {
      url: opts.url,
      secret: opts.secret,
      vendor: opts.vendor ?? 'house',
      currency: opts.currency ?? 'KRW',
      seconds,
      users: opts.users.slice(0, connections),
      tokens,
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wallet-'));
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(plan));
    const out = await new Promise<string>((resolve, reject) => {
      const c = spawn(process.execPath, ['--import', 'tsx', 'bench/wallet.ts', 'load', dir], { cwd: ROOT });
      let s = '';
      c.stdout.on('data', (d) => (s += d));
      c.stderr.on('data', (d) => process.stderr.write(d));
      c.on('exit', (code) => (code === 0 ? resolve(s) : reject(new Error(`wallet load exited ${code}`))));
    }).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
    return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
  };
  if (opts.warm) {
    await run(opts.warm.seconds);
    await opts.warm.then();
  }
  const r = await run(opts.seconds);
  process.stderr.write(
    `  wallet (${opts.engine}): ${Object.entries(r.byMethod)
      .map(([m, q]) => `${m} p50 ${q.p50.toFixed(1)} / p99 ${q.p99.toFixed(1)} ms`)
      .join(', ')}; the load's own CPU ${r.clientCpuMs.toFixed(3)} ms per call\n`,
  );
  return {
    walletCalls: { value: r.perSecond, p50: r.p50, p99: r.p99, unit: 'calls/s' },
    walletErrors: { value: r.errors, unit: 'answers not RS_OK' },
  };
}

/** The child: one loop per member, each on its own keep-alive socket, a bet then its win, as fast as answers come. */
async function load(dir: string) {
  const plan = JSON.parse(fs.readFileSync(path.join(dir, 'plan.json'), 'utf8')) as LoadPlan;
  const base = new URL(plan.url);
  const lat: number[] = [];
  const byMethod: Record<string, number[]> = { bet: [], win: [] };
  let errors = 0;
  const run = randomBytes(4).toString('hex');
  const signed = async (conn: Connection, route: Route, method: 'bet' | 'win', id: string, body: object) => {
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = `n-${method}-${id}`; // unique per call, as a vendor's would be (no random bytes per call)
    const headers = `X-Wallet-Timestamp: ${ts}\r\nX-Wallet-Nonce: ${nonce}\r\nX-Wallet-Signature: ${signWalletCall(plan.secret, ts, nonce, raw)}\r\n`;
    const t = performance.now();
    const r = await conn.post(route, raw, headers);
    const ms = performance.now() - t;
    lat.push(ms);
    byMethod[method].push(ms);
    if (r.status !== 200 || !r.text.includes('"RS_OK"')) {
      if (errors++ === 0) process.stderr.write(`first refused wallet call (${method}): ${r.status} ${r.text.slice(0, 300)}\n`);
    }
  };
  const end = performance.now() + plan.seconds * 1000;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    plan.users.map(async (user, w) => {
      const conn = new Connection(base);
      const routes = { bet: conn.route(`/api/wallet/${plan.vendor}/bet`), win: conn.route(`/api/wallet/${plan.vendor}/win`) };
      const token = plan.tokens[w];
      for (let i = 0; performance.now() < end; i++) {
        const id = `${run}-${w}-${i}`;
        const common = { user, token, round: `r-${id}`, game_code: 'fortune5', currency: plan.currency };
        await signed(conn, routes.bet, 'bet', id, { ...common, request_uuid: `q-b-${id}`, transaction_uuid: `b-${id}`, amount: '1000' });
        await signed(conn, routes.win, 'win', id, {
          ...common,
          request_uuid: `q-w-${id}`,
          transaction_uuid: `w-${id}`,
          reference_transaction_uuid: `b-${id}`,
          amount: i % 3 === 0 ? '2000' : '0',
        });
      }
      conn.close();
    }),
  );
  const took = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
  for (const xs of [lat, ...Object.values(byMethod)]) xs.sort((a, b) => a - b);
  const result: LoadResult = {
    calls: lat.length,
    errors,
    perSecond: lat.length / took,
    p50: q(lat, 0.5),
    p99: q(lat, 0.99),
    clientCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, lat.length),
    byMethod: Object.fromEntries(Object.entries(byMethod).map(([m, xs]) => [m, { p50: q(xs, 0.5), p99: q(xs, 0.99) }])),
  };
  console.log(JSON.stringify(result));
}

// ---- standalone run: own server on a scratch database

/** CPU milliseconds so far of each backend connected to database `name` (Linux /proc; same host). */
async function backendCpuMs(db: { query: (t: string, p?: unknown[]) => Promise<{ rows: { pid: number }[] }> }, name: string) {
  const out = new Map<number, number>();
  const tick = 1000 / 100; // USER_HZ
  for (const { pid } of (await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [name])).rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // gone, or another host
    }
  }
  return out;
}

async function main() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { openDb } = await import('../apps/server/src/platform/db.ts');
  const { createDeps } = await import('../apps/server/src/platform/deps-factory.ts');
  const { migrate } = await import('../apps/server/src/platform/migrate.ts');
  const { hashPassword, setPasswordCost } = await import('../apps/server/src/platform/passwords.ts');
  const { verifyLedger } = await import('../apps/server/src/modules/ledger/index.ts');
  const { scratchPgDb, seedPlayers } = await import('./seed.ts');
  const { batchStats, settleBatchStats } = await import('../apps/server/src/modules/betting/index.ts');
  process.env.NODE_ENV ??= 'production';
  // Production has no house vendor secret unless configured (decision 021): the bench sets one.
  process.env.HOUSE_VENDOR_SECRET ??= randomBytes(24).toString('hex');
  const pgUrl = process.env.DATABASE_URL;
  const engine = pgUrl ? 'pg' : 'pglite';
  const name = `walletbench_${process.pid}`;
  const scratch = pgUrl ? await scratchPgDb(pgUrl, name) : null;
  const url = scratch?.url;
  const db = await openDb({ url, dataDir: 'memory://' });
  await migrate(db);
  setPasswordCost(1024);
  const n = Number(process.env.BENCH_MEMBERS ?? 20);
  const users = (await seedPlayers(db, { prefix: 'wb', count: n, passwordHash: await hashPassword('bench1234'), money: 10_000_000_000n })).map(String);
  const config = { ...loadConfig(), databaseUrl: url, logLevel: 'warn', argonMemoryKib: 1024 };
  const deps = await createDeps({ db, config });
  const app = await buildApp(deps, { serveWeb: false });
  const memberTokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: `10.8.0.${i}`, payload: { account: `wb${i}`, password: 'bench1234' } });
    memberTokens.push((r.json() as { data: { token: string } }).data.token);
  }
  const port = Number(process.env.PORT ?? 4307);
  await app.listen({ port, host: '127.0.0.1' });
  // CPU per call of this process (the server) and of the database's backends: a figure the other
  // load on a shared machine disturbs far less than calls per second.
  const pgCpu = () => (pgUrl ? backendCpuMs(db, name) : Promise.resolve(new Map<number, number>()));
  const callCount = async () => Number((await db.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM casino_wallet_calls`)).rows[0].n);
  let [cpu0, pg0, calls0] = [process.cpuUsage(), new Map<number, number>(), 0];
  const f = await benchSeamlessWallet({
    url: `http://127.0.0.1:${port}`,
    secret: config.houseVendorSecret!,
    engine,
    seconds: Number(process.env.BENCH_SECONDS ?? 6),
    users,
    memberTokens,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
    warm: {
      seconds: Number(process.env.BENCH_WARM_SECONDS ?? 3),
      then: async () => {
        await db.query('ANALYZE');
        [cpu0, pg0, calls0] = [process.cpuUsage(), await pgCpu(), await callCount()];
      },
    },
  });
  const [cpu1, pg1] = [process.cpuUsage(cpu0), await pgCpu()];
  const calls = (await callCount()) - calls0;
  let pgMs = 0;
  for (const [pid, ms] of pg1) pgMs += ms - (pg0.get(pid) ?? 0);
  const perCall = {
    serverCpuUs: ((cpu1.user + cpu1.system) / calls).toFixed(0),
    serverSystemUs: (cpu1.system / calls).toFixed(0),
    dbCpuUs: pgUrl ? ((pgMs * 1000) / calls).toFixed(0) : null,
    calls,
  };
  await app.close();
  const v = await verifyLedger(db);
  // How many calls each statement carried (group commit): bets and wins posted per batch.
  const perBatch = (b: { batches: number; posted: number }) => (b.batches ? (b.posted / b.batches).toFixed(1) : '0');
  const batching = {
    betsPerStatement: perBatch(batchStats),
    winsPerStatement: perBatch(settleBatchStats),
    failed: batchStats.failed + settleBatchStats.failed,
  };
  console.log(JSON.stringify({ engine, ...f, perCall, batching, ledgerOk: v.ok }));
  await db.close();
  if (scratch && !process.env.BENCH_KEEP) await scratch.drop();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  (process.argv[2] === 'load' ? load(process.argv[3]) : main()).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
