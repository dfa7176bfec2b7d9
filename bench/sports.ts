/**
 * Sports bet placement over HTTP (issue 9 acceptance 4): many concurrent clients, each its own
 * member and session on its own keep-alive socket, place single bets through
 * `/api/user/sports/bet/place` as fast as the answers come back.
 *
 *   benchSportsPlacement({ url, engine, seconds })          from bench/run.ts (a server is running)
 *   npx tsx bench/sports.ts                                 stand-alone: PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sports.ts   PostgreSQL (scratch db)
 *
 * The load runs in a child process (`npx tsx bench/sports.ts load …`) so it does not share the
 * server's event loop. Members: `bench0…` with password `bench1234` (bench/run.ts seeds them;
 * pass `tokens` otherwise). Outcomes: the prematch outcomes the server lists on the europe board
 * (`/api/user/sports/fixtures`), or `outcomes`; with `db` and nothing listed (no feed running),
 * `seedBenchFixtures` makes 40 fixtures in SQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Connection } from './http-client.ts';

type Figures = Record<string, { value: number; p50?: number; p99?: number; unit: string }>;
type Pick = { outcome_id: number; odds: string };

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CLIENTS = 50;

async function post<T>(url: string, p: string, body: unknown, token?: string) {
  const r = await fetch(new URL(p, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { result: boolean; data: T; error?: { code: string } };
}

async function loginMembers(url: string, count: number) {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await post<{ token: string }>(url, '/api/user/login', { account: `bench${i}`, password: 'bench1234' });
    if (!r.result) throw new Error(`bench${i} login: ${r.error?.code}`);
    tokens.push(r.data.token);
  }
  return tokens;
}

/** Prematch outcomes of open markets on the europe board (spread over many fixtures so no row is every bet's). */
async function listedOutcomes(url: string, token: string): Promise<Pick[]> {
  type Listed = { starts_at: string; live: boolean; markets: { status: string; outcomes: { id: number; odds: string; active: boolean }[] }[] };
  const r = await post<{ fixtures: Listed[] }>(url, '/api/user/sports/fixtures', { board: 'europe' }, token).catch(() => null);
  if (!r?.result) return [];
  const soon = Date.now() + 10 * 60_000;
  const picks: Pick[] = [];
  for (const f of r.data.fixtures) {
    if (f.live || new Date(f.starts_at).getTime() < soon) continue;
    for (const m of f.markets) if (m.status === 'open') for (const o of m.outcomes) if (o.active) picks.push({ outcome_id: o.id, odds: o.odds });
  }
  return picks;
}

export async function benchSportsPlacement(opts: {
  url: string;
  engine: 'pg' | 'pglite';
  seconds: number;
  tokens?: string[];
  outcomes?: Pick[];
  clients?: number;
  /** The server's database: fixtures are made in it when the server lists none (no feed running). */
  db?: import('../apps/server/src/platform/db.ts').Db;
}): Promise<Figures> {
  const clients = opts.clients ?? CLIENTS;
  const tokens = opts.tokens ?? (await loginMembers(opts.url, clients));
  let outcomes = opts.outcomes ?? (await listedOutcomes(opts.url, tokens[0]));
  if (outcomes.length === 0 && opts.db) outcomes = await seedBenchFixtures(opts.db, 40);
  if (outcomes.length === 0) throw new Error('no prematch outcome to bet on (no feed running: pass db or outcomes)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sports-'));
  fs.writeFileSync(path.join(dir, 'tokens.json'), JSON.stringify(tokens));
  fs.writeFileSync(path.join(dir, 'outcomes.json'), JSON.stringify(outcomes));
  const out = await new Promise<string>((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', 'bench/sports.ts', 'load', opts.url, String(clients), String(opts.seconds), dir], { cwd: ROOT });
    let s = '';
    c.stdout.on('data', (d) => (s += d));
    c.stderr.on('data', (d) => process.stderr.write(d));
    c.on('exit', (code) => (code === 0 ? resolve(s) : reject(new Error(`sports load exited ${code}`))));
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    placed: number;
    refused: number;
    perSecond: number;
    p50: number;
    p99: number;
    codes: Record<string, number>;
    clientCpuMs: number;
  };
  process.stderr.write(`  sports (${opts.engine}): the load's own CPU ${r.clientCpuMs.toFixed(3)} ms per request\n`);
  if (r.refused) process.stderr.write(`  sports (${opts.engine}): ${r.refused} refused ${JSON.stringify(r.codes)}\n`);
  return {
    sportsPlace: { value: r.perSecond, p50: r.p50, p99: r.p99, unit: 'bets/s' },
    sportsRefused: { value: r.refused, unit: 'refused' },
  };
}

/** The child: `clients` loops, each its own socket and token, placing single bets of 1,000. */
async function load(url: string, clients: number, seconds: number, dir: string) {
  const tokens = JSON.parse(fs.readFileSync(path.join(dir, 'tokens.json'), 'utf8')) as string[];
  const outcomes = JSON.parse(fs.readFileSync(path.join(dir, 'outcomes.json'), 'utf8')) as Pick[];
  const target = new URL('/api/user/sports/bet/place', url);
  const lat: number[] = [];
  const codes: Record<string, number> = {};
  let placed = 0;
  const run = `${process.pid}-${Date.now()}`;
  const refusal = (status: number) => status !== 200; // only a refusal's body is read (its code, new odds)
  const end = performance.now() + seconds * 1000;
  const worker = async (w: number) => {
    const conn = new Connection(target);
    const route = conn.route(target.pathname, { Authorization: `Bearer ${tokens[w % tokens.length]}` });
    for (let i = 0; performance.now() < end; i++) {
      const o = outcomes[(w * 7919 + i) % outcomes.length];
      const body = JSON.stringify({ request_id: `bench-${run}-${w}-${i}`, board: 'europe', amount: 1000, selections: [o] });
      const t = performance.now();
      const answer = await conn.post(route, body, '', refusal);
      lat.push(performance.now() - t);
      if (answer.status === 200) {
        placed++;
        continue;
      }
      let code = `http_${answer.status}`;
      try {
        const e = (JSON.parse(answer.text) as { error?: { code: string; params?: { changes?: string } } }).error;
        code = e?.code ?? code;
        // The feed moved the price: take the new one for the next bet, as the slip would.
        for (const c of e?.params?.changes?.split(',') ?? []) {
          const [id, odds] = c.split(':');
          for (const x of outcomes) if (String(x.outcome_id) === id) x.odds = odds;
        }
      } catch {
        // not JSON: keep the status code
      }
      codes[code] = (codes[code] ?? 0) + 1;
    }
    conn.close();
  };
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
  const took = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
  const refused = lat.length - placed;
  const cpu = process.cpuUsage(cpu0);
  const clientCpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, lat.length);
  console.log(JSON.stringify({ placed, refused, perSecond: placed / took, p50: q(0.5), p99: q(0.99), codes, clientCpuMs }));
}

/** Prematch fixtures straight in SQL (three markets each) for a run without a feed; answers the outcomes to bet on. */
export async function seedBenchFixtures(db: import('../apps/server/src/platform/db.ts').Db, count: number): Promise<Pick[]> {
  const { systemClock } = await import('../apps/server/src/platform/clock.ts');
  const { makeFixture } = await import('../apps/server/src/modules/sports/index.ts');
  const picks: Pick[] = [];
  for (let i = 0; i < count; i++) {
    const f = await db.tx((sql) =>
      makeFixture(
        sql,
        systemClock,
        [
          { kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } },
          { kind: 'handicap', line: '-1.50', odds: { home: '2.40', away: '1.55' } },
          { kind: 'over_under', line: '2.50', odds: { over: '1.90', under: '1.90' } },
        ],
        new Date(Date.now() + 24 * 3_600_000),
      ),
    );
    for (const [kind, code, line] of [
      ['1x2', 'home', null],
      ['1x2', 'draw', null],
      ['1x2', 'away', null],
      ['handicap', 'home', '-1.50'],
      ['over_under', 'over', '2.50'],
    ] as const) {
      const o = f.outcome(kind, code, line);
      picks.push({ outcome_id: Number(o.outcomeId), odds: o.odds });
    }
  }
  return picks;
}

/** Stand-alone run: a scratch database, 50 funded members, the app listening, the load (fixtures as bench/run.ts would get them). */
async function standalone() {
  process.env.NODE_ENV ??= 'production';
  // The bench makes its own fixtures; the built-in feed would only add its own load.
  process.env.SPORTS_FEED ??= 'off';
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { openDb, observe } = await import('../apps/server/src/platform/db.ts');
  const { createDeps } = await import('../apps/server/src/platform/deps-factory.ts');
  const { migrate } = await import('../apps/server/src/platform/migrate.ts');
  const { hashPassword, setPasswordCost } = await import('../apps/server/src/platform/passwords.ts');
  const { verifyLedger } = await import('../apps/server/src/modules/ledger/index.ts');
  const { scratchPgDb, seedPlayers } = await import('./seed.ts');
  const base = process.env.DATABASE_URL;
  const scratch = base ? await scratchPgDb(base, `bench_sports_${process.pid}`) : null;
  const url = scratch?.url;
  const db = await openDb({ url, dataDir: 'memory://' });
  try {
    await migrate(db);
    setPasswordCost(1024);
    await seedPlayers(db, { prefix: 'bench', count: CLIENTS, passwordHash: await hashPassword('bench1234'), level: 7, money: 10_000_000_000n });
    const deps = await createDeps({ db, config: { ...loadConfig(), databaseUrl: url, logLevel: 'warn', argonMemoryKib: 1024 } });
    const app = await buildApp(deps, { serveWeb: false });
    const port = Number(process.env.PORT ?? 4717);
    await app.listen({ port, host: '127.0.0.1' });
    const seconds = Number(process.env.BENCH_SECONDS ?? 6);
    const tokens = await loginMembers(`http://127.0.0.1:${port}`, CLIENTS);
    // A second of warm-up: each member's session, the settings and the account ids get cached.
    const outcomes = await seedBenchFixtures(db, 40);
    await benchSportsPlacement({ url: `http://127.0.0.1:${port}`, engine: url ? 'pg' : 'pglite', seconds: 1, tokens, outcomes });
    // On a busy shared machine the rate swings with everyone else's load; the server's own CPU
    // per bet and the database round trips per bet do not, so they are printed too.
    const placedNow = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets`)).rows[0].n;
    const bets0 = await placedNow();
    const cpu0 = process.cpuUsage();
    let statements = 0;
    const query = db.query;
    db.query = ((...a: Parameters<typeof query>) => (statements++, query.apply(db, a))) as typeof query;
    const tx = db.tx;
    // A transaction costs its BEGIN and COMMIT round trips on top of its statements.
    db.tx = ((fn: Parameters<typeof tx>[0]) => ((statements += 2), tx.call(db, (sql) => fn(observe(sql, () => statements++))))) as typeof tx;
    const f = await benchSportsPlacement({ url: `http://127.0.0.1:${port}`, engine: url ? 'pg' : 'pglite', seconds, tokens, outcomes });
    db.query = query;
    db.tx = tx;
    const cpu = process.cpuUsage(cpu0);
    const bets = (await placedNow()) - bets0;
    await app.close();
    const v = await verifyLedger(db);
    console.log(
      JSON.stringify({
        engine: url ? 'pg' : 'pglite',
        load: os.loadavg()[0],
        ...f,
        serverCpuMsPerBet: (cpu.user + cpu.system) / 1000 / bets,
        statementsPerBet: statements / bets,
        verify: v.ok,
      }),
    );
  } finally {
    await db.close();
    await scratch?.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === 'load') await load(rest[0], Number(rest[1]), Number(rest[2]), rest[3]);
  else await standalone();
}
