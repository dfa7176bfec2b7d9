import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './platform/config.ts';
import type { Db } from './platform/db.ts';
import { testEngine } from './test/db.ts';
import { sharedDatabase } from './test/processes.ts';
import { freePort, ownRedis } from './test/redis.ts';

// Issue 22 acceptance 1 (decision 060): two server processes on one PostgreSQL database and one
// Redis. A login on A is served by B; a push published on A reaches B's SSE client; each
// background job runs in one process while both are up, and moves to the other within 10 s of
// its holder being killed; no mini-game round is drawn twice or skipped. PostgreSQL only (PGlite
// serves one process); `.ci/run` runs it in its PostgreSQL pass.
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const METRICS_TOKEN = 'cluster-test-metrics';

type Server = { name: string; port: number; proc: ChildProcess; log: string };
const servers: Server[] = [];
let db: Db | undefined;
let dropDb: (() => Promise<void>) | undefined;
let redis: Awaited<ReturnType<typeof ownRedis>> | undefined;

afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await redis?.kill();
  await db?.close();
  await dropDb?.();
});

async function startServer(name: string, env: Record<string, string>, workers = 1): Promise<Server> {
  const port = await freePort();
  const log = path.join(os.tmpdir(), `cluster-test-${process.pid}-${name}.log`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cluster-${name}-`));
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(workers),
      METRICS_TOKEN,
      ARGON_MEMORY_KIB: '1024',
      PG_POOL_MAX: '5',
      LOG_LEVEL: 'warn',
      ACCESS_LOG: 'errors',
      NODE_ENV: 'development',
      ENABLE_TEST_CONTROLS: '0',
      DATA_DIR: dir,
      UPLOAD_DIR: path.join(dir, 'uploads'),
    },
    stdio: ['ignore', 'ignore', fs.openSync(log, 'w')],
  });
  const s = { name, port, proc, log };
  servers.push(s);
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server ${name} exited: ${fs.readFileSync(log, 'utf8').slice(-2000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return s;
    await wait(200);
  }
  throw new Error(`server ${name} never became ready: ${fs.readFileSync(log, 'utf8').slice(-2000)}`);
}

async function call(s: Server, url: string, body: unknown, token?: string) {
  const r = await fetch(`http://127.0.0.1:${s.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as { result: boolean; data?: any; code?: string } };
}

/** This process's metric per job label, from /metrics. */
async function perJob(s: Server, metric: string): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${s.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(new RegExp(`^${metric}\\{job="([^"]+)"\\} ([0-9.e+-]+)$`, 'gm'))) out.set(m[1], Number(m[2]));
  return out;
}

/** Resolves with the first `event: sports` message B's stream sends. */
function firstPush(s: Server, token: string, timeoutMs: number) {
  return new Promise<string>((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${s.port}/api/user/sports/stream?token=${encodeURIComponent(token)}`, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        const at = buf.indexOf('event: sports\ndata: ');
        const end = at >= 0 ? buf.indexOf('\n\n', at) : -1;
        if (end > 0) {
          clearTimeout(timer);
          req.destroy();
          resolve(buf.slice(at + 'event: sports\ndata: '.length, end));
        }
      });
    });
    req.on('error', () => {});
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no push reached the other process'));
    }, timeoutMs);
  });
}

describe.runIf(testEngine === 'pg')('two server processes on one database and one Redis', () => {
  let env: Record<string, string> = {};
  beforeAll(async () => {
    const shared = await sharedDatabase('cluster');
    dropDb = shared.drop;
    db = await shared.open();
    redis = await ownRedis();
    env = { DATABASE_URL: shared.target, REDIS_URL: redis.url };
  });

  it('serve each other’s sessions and pushes, and run each job once, moving it within 10 s when its holder dies', async () => {
    if (!db) throw new Error('no database');
    const a = await startServer('a', env);
    const b = await startServer('b', env);

    // A login on A is a session on B.
    const login = await call(a, '/api/user/login', { account: 'user1', password: '1234', device: 'PC' });
    expect(login.json.result).toBe(true);
    const token = login.json.data.token as string;
    const context = await call(b, '/api/user/getContext', {}, token);
    expect(context.status).toBe(200);
    expect(context.json.result).toBe(true);

    // Each job has exactly one holder.
    let leaders: { a: Map<string, number>; b: Map<string, number> } = { a: new Map(), b: new Map() };
    const settled = () => [...leaders.a.keys()].length > 0 && [...leaders.a.keys()].every((job) => (leaders.a.get(job) ?? 0) + (leaders.b.get(job) ?? 0) === 1);
    for (let i = 0; i < 50 && !settled(); i++) {
      if (i > 0) await wait(200);
      leaders = { a: await perJob(a, 'job_leader'), b: await perJob(b, 'job_leader') };
    }
    expect(settled(), JSON.stringify({ a: [...leaders.a], b: [...leaders.b] })).toBe(true);
    expect([...leaders.a.keys()]).toEqual(expect.arrayContaining(['sports-feed', 'minigames.rounds', 'commission-drain']));

    // The feed runs in one of them; its pushes reach an SSE client of the other.
    const feeder = leaders.a.get('sports-feed') === 1 ? a : b;
    const other = feeder === a ? b : a;
    const pushed = JSON.parse(await firstPush(other, token, 90_000)) as { type: string };
    expect(['odds', 'markets', 'status', 'score', 'catalogue']).toContain(pushed.type);

    // The feed's holder dies: the other takes every job within 10 s and runs them.
    const runsBefore = (await perJob(other, 'job_runs_total')).get('sports-feed') ?? 0;
    const killedAt = Date.now();
    feeder.proc.kill('SIGKILL');
    let took = Infinity;
    for (let i = 0; i < 75; i++) {
      const mine = await perJob(other, 'job_leader');
      if (mine.size > 0 && [...mine.values()].every((v) => v === 1)) {
        took = Date.now() - killedAt;
        break;
      }
      await wait(200);
    }
    expect(took).toBeLessThan(10_000);
    let runsAfter = runsBefore;
    for (let i = 0; i < 50 && runsAfter <= runsBefore; i++) {
      await wait(200);
      runsAfter = (await perJob(other, 'job_runs_total')).get('sports-feed') ?? 0;
    }
    expect(runsAfter).toBeGreaterThan(runsBefore);

    // Mini-game rounds across the change of holder: none drawn twice, none skipped.
    await wait(3_000);
    const rounds = await db.query<{ game: string; n: bigint; distinct_n: bigint; span: bigint; undrawn: bigint }>(
      `SELECT game, count(*) AS n, count(DISTINCT number) AS distinct_n, max(number) - min(number) + 1 AS span,
              count(*) FILTER (WHERE status IN ('open', 'closed') AND draws_at < now() - interval '3 seconds') AS undrawn
         FROM minigame_rounds GROUP BY game`,
    );
    expect(rounds.rows.length).toBeGreaterThan(0);
    for (const r of rounds.rows)
      expect({ game: r.game, n: r.n, distinct: r.distinct_n, span: r.span, undrawn: r.undrawn }).toEqual({
        game: r.game,
        n: r.n,
        distinct: r.n,
        span: r.n,
        undrawn: 0n,
      });
  }, 240_000);

  it('answer /metrics for every worker of a cluster sharing one port, whichever worker the scrape reaches', async () => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    const c = await startServer('c', env, 2);
    // Health calls until both workers have answered some (a request id starts with its process's tag).
    const tags = new Set<string>();
    let calls = 0;
    for (; calls < 400 && (tags.size < 2 || calls < 20); calls++) {
      const r = await fetch(`http://127.0.0.1:${c.port}/api/health`);
      expect(r.status).toBe(200);
      tags.add(String(r.headers.get('x-request-id')).split('-')[0]);
    }
    expect(tags.size).toBe(2);
    // Each scrape, whichever worker answers it, counts both workers' calls and (once the jobs are
    // taken: the killed processes' locks go within a lease retry) one holder per job.
    const scrape = async () => {
      const text = await (await fetch(`http://127.0.0.1:${c.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const health = /^http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status="200"[^}]*\} (\d+)$/m.exec(text);
      const leaders = [...text.matchAll(/^job_leader\{job="([^"]+)"\} ([0-9.]+)$/gm)].map(([, job, v]) => ({ job, holders: Number(v) }));
      return { health: Number(health?.[1]), leaders };
    };
    let m = await scrape();
    for (let i = 0; i < 50 && !(m.leaders.length > 0 && m.leaders.every((l) => l.holders === 1)); i++) {
      await wait(200);
      m = await scrape();
    }
    expect(m.leaders.length).toBeGreaterThan(0);
    for (const l of m.leaders) expect(l).toEqual({ job: l.job, holders: 1 });
    for (let k = 0; k < 4; k++) expect((await scrape()).health).toBe(calls);
  }, 120_000);
});
