/**
 * Seamless wallet calls per second: signed bet + win pairs from `connections` keep-alive
 * connections against a running server (each connection its own member, so the member lock
 * does not serialise them), latency per call. Target (issue 10): ≥ 3,000 calls/s, p99 < 20 ms on
 * PostgreSQL on the 2-core machine.
 *   npx tsx bench/wallet.ts                                    # own server, PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/wallet.ts
 * `benchSeamlessWallet` is what `bench/run.ts` calls; it needs the members' bearer tokens
 * (`memberTokens`, same order as `users`) to open a game session per member
 * (getCasinoLobbyUrl): a bet is only taken on a live launch token.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signWalletCall } from '../apps/server/src/modules/casino/service.ts';

type Figures = Record<string, { value: number; p50?: number; p99?: number; unit: string }>;

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
}): Promise<Figures> {
  const base = new URL(opts.url);
  const vendor = opts.vendor ?? 'house';
  const currency = opts.currency ?? 'KRW';
  if (!opts.memberTokens || opts.memberTokens.length < opts.users.length)
    throw new Error('benchSeamlessWallet: memberTokens (one bearer token per user) are needed to launch game sessions');
  const connections = Math.min(opts.connections ?? 20, opts.users.length);
  const agents = Array.from({ length: connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));

  const post = (agent: http.Agent, path: string, body: string, headers: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path,
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

  // One launch (game session) per member used.
  const launch = await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const r = await post(agents[i], '/api/user/game/getCasinoLobbyUrl', JSON.stringify({ id: 6112, isMobile: false, game: 'fortune5' }), {
        authorization: `Bearer ${opts.memberTokens![i]}`,
      });
      const url = (JSON.parse(r.text) as { data?: { url?: string } }).data?.url;
      const token = url ? new URL(url, 'http://x').searchParams.get('token') : null;
      if (!token) throw new Error(`benchSeamlessWallet: launch failed for member ${opts.users[i]}: ${r.text.slice(0, 200)}`);
      return token;
    }),
  );

  const lat: number[] = [];
  let errors = 0;
  const run = randomBytes(4).toString('hex');
  const signed = async (agent: http.Agent, method: string, body: object) => {
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(12).toString('hex');
    const t = performance.now();
    const r = await post(agent, `/api/wallet/${vendor}/${method}`, raw, {
      'x-wallet-timestamp': ts,
      'x-wallet-nonce': nonce,
      'x-wallet-signature': signWalletCall(opts.secret, ts, nonce, raw),
    });
    lat.push(performance.now() - t);
    if (r.status !== 200 || !r.text.includes('"RS_OK"')) {
      if (errors++ === 0) process.stderr.write(`first refused wallet call (${method}): ${r.status} ${r.text.slice(0, 300)}\n`);
    }
  };

  const end = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    agents.map(async (agent, w) => {
      const user = opts.users[w];
      const token = launch[w];
      for (let i = 0; performance.now() < end; i++) {
        const id = `${run}-${w}-${i}`;
        const common = { user, token, round: `r-${id}`, game_code: 'fortune5', currency };
        await signed(agent, 'bet', { ...common, request_uuid: `q-b-${id}`, transaction_uuid: `b-${id}`, amount: '1000' });
        await signed(agent, 'win', {
          ...common,
          request_uuid: `q-w-${id}`,
          transaction_uuid: `w-${id}`,
          reference_transaction_uuid: `b-${id}`,
          amount: i % 3 === 0 ? '2000' : '0',
        });
      }
    }),
  );
  const took = (performance.now() - started) / 1000;
  for (const a of agents) a.destroy();
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
  return {
    walletCalls: { value: lat.length / took, p50: q(0.5), p99: q(0.99), unit: 'calls/s' },
    walletErrors: { value: errors, unit: 'answers not RS_OK' },
  };
}

// ---- standalone run: own server on a scratch database

async function main() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { systemClock } = await import('../apps/server/src/platform/clock.ts');
  const { openDb } = await import('../apps/server/src/platform/db.ts');
  const { createDeps } = await import('../apps/server/src/platform/deps-factory.ts');
  const { migrate } = await import('../apps/server/src/platform/migrate.ts');
  const { hashPassword, setPasswordCost } = await import('../apps/server/src/platform/passwords.ts');
  const { HOUSE, transfer, verifyLedger } = await import('../apps/server/src/modules/ledger/service.ts');
  process.env.NODE_ENV ??= 'production';
  // Production has no house vendor secret unless configured (decision 021): the bench sets one.
  process.env.HOUSE_VENDOR_SECRET ??= randomBytes(24).toString('hex');
  const pgUrl = process.env.DATABASE_URL;
  const engine = pgUrl ? 'pg' : 'pglite';
  const name = `walletbench_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  let url: string | undefined;
  if (pgUrl) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = await openDb({ url, dataDir: 'memory://' });
  await migrate(db);
  setPasswordCost(1024);
  const hash = await hashPassword('bench1234');
  const users: string[] = [];
  const n = Number(process.env.BENCH_MEMBERS ?? 20);
  for (let i = 0; i < n; i++) {
    const r = await db.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, nickname, role, status) VALUES ($1, $2, $1, 'user', 'normal_a') RETURNING id`,
      [`wb${i}`, hash],
    );
    users.push(String(r.rows[0].id));
    await db.tx((sql) =>
      transfer(sql, systemClock, {
        idempotencyKey: `wb-fund-${i}`,
        kind: 'bench',
        from: { house: HOUSE.deposits, asset: 'money' },
        to: { user: r.rows[0].id, asset: 'money' },
        amount: 10_000_000_000n,
      }),
    );
  }
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
  const f = await benchSeamlessWallet({
    url: `http://127.0.0.1:${port}`,
    secret: config.houseVendorSecret!,
    engine,
    seconds: Number(process.env.BENCH_SECONDS ?? 6),
    users,
    memberTokens,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  });
  await app.close();
  const v = await verifyLedger(db);
  console.log(JSON.stringify({ engine, ...f, ledgerOk: v.ok }));
  await db.close();
  if (pgUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
