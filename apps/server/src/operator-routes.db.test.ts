import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { harness, type Harness } from './test/app.ts';
import { testEngine } from './test/db.ts';

// Issue 21 observability: /healthz, /readyz, /metrics for the operator only, a request id in
// every log line and error answer, and the admin part of the API document for admins only.
let h: Harness;
let logged: FastifyInstance;
let log = '';
let admin: string;

beforeAll(async () => {
  h = await harness();
  h.deps.config.metricsToken = 'scraper-token-0123456789';
  admin = await h.login('admin', 'admin');
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  // Fastify's own request lines (ACCESS_LOG=all); the sampled log is access-log.test.ts's.
  logged = await buildApp(
    { ...h.deps, config: { ...h.deps.config, accessLog: { mode: 'all', every: 1, slowMs: 1000 } } },
    { logger: { level: 'info', stream }, serveWeb: false },
  );
});
afterAll(async () => {
  await logged?.close();
  await h?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe(`operator endpoints on ${testEngine}`, () => {
  it('/healthz answers while the process runs; /readyz checks the database, migrations and Redis', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ result: true, data: { ok: true } });

    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'off' });

    // A server ahead of its database (a migration not applied) is not ready.
    const last = (await h.db.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations ORDER BY version DESC LIMIT 1'))
      .rows[0];
    await h.db.query('DELETE FROM schema_migrations WHERE version = $1', [last.version]);
    const behind = await get('/readyz');
    expect(behind.statusCode).toBe(503);
    expect(behind.json().data.checks.migrations).toBe(`pending: ${last.version}`);
    await h.db.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [last.version, last.checksum]);

    // With REDIS_URL set, a Redis that does not answer makes the process not ready.
    const { limiter, config } = h.deps;
    h.deps.config = { ...config, redisUrl: 'redis://127.0.0.1:1' };
    h.deps.limiter = { ...limiter, count: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    try {
      const noRedis = await get('/readyz');
      expect(noRedis.statusCode).toBe(503);
      expect(noRedis.json().data.checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'connect ECONNREFUSED' });
      h.deps.limiter = limiter;
      expect((await get('/readyz')).json().data.checks.redis).toBe('ok');
    } finally {
      h.deps.config = config;
      h.deps.limiter = limiter;
    }
  });

  it('/metrics: the scraper token or an admin whose role reads settings; anyone else 401/403', async () => {
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', bearer('scraper-token-wrong00000'))).statusCode).toBe(401);
    expect((await get('/metrics', bearer(await h.login('user', 'user1')))).statusCode).toBe(401);
    // support1's role has no settings area (decision 042).
    const support = await get('/metrics', bearer(await h.login('admin', 'support1')));
    expect(support.statusCode).toBe(403);
    expect(support.json().error.code).toBe('permission_denied');
    for (const token of ['scraper-token-0123456789', admin, await h.login('admin', 'operator1')]) {
      const m = await get('/metrics', bearer(token));
      expect(m.statusCode).toBe(200);
      expect(m.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('counts requests per route pattern, never per raw URL', async () => {
    for (const f of ['0123456789abcdef0123456789abcdef.png', 'fedcba9876543210fedcba9876543210.png']) await get(`/uploads/${f}`);
    await h.call('/api/user/login', { account: 'user1', password: 'wrong' });
    const text = (await get('/metrics', bearer(admin))).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/uploads\/:file",method="GET",status="404"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.05",route="\/api\/user\/login",method="POST",status="\d+"\} \d+/);
    expect(text).not.toContain('0123456789abcdef0123456789abcdef');
  });

  it('gives every request an id: a sane incoming x-request-id is kept, in the header, the error answer and the log', async () => {
    const mine = await logged.inject({ method: 'POST', url: '/api/user/login', payload: {}, headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(mine.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(mine.json().error.request_id).toBe('lb-7f3a.42');
    const lines = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const ours = lines.filter((l) => l.reqId === 'lb-7f3a.42');
    expect(ours.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // Every line written for a request names its request.
    expect(lines.every((l) => typeof l.reqId === 'string')).toBe(true);

    for (const odd of ['has space', 'x'.repeat(65), '<script>']) {
      const r = await logged.inject({ method: 'GET', url: '/api/nothing', headers: { 'x-request-id': odd } });
      expect(r.headers['x-request-id']).not.toBe(odd);
      expect(r.headers['x-request-id']).toMatch(/^[a-f0-9]{8}-[a-z0-9]+$/);
      expect(r.json().error.request_id).toBe(r.headers['x-request-id']);
    }
    const a = await get('/healthz');
    const b = await get('/healthz');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('describes admin calls only to a signed-in admin', async () => {
    const paths = async (headers?: Record<string, string>) => Object.keys((await get('/api/openapi.json', headers)).json().paths);
    const anyone = await paths();
    expect(anyone).toContain('/api/user/login');
    expect(anyone).toContain('/api/agent/login');
    expect(anyone.some((p) => p.startsWith('/api/admin/'))).toBe(false);
    expect(await paths(bearer('garbage'))).toEqual(anyone);
    expect(await paths(bearer(await h.login('user', 'user1')))).toEqual(anyone);
    const admins = await paths(bearer(admin));
    expect(admins).toContain('/api/admin/settings/update');
    expect(admins.length).toBeGreaterThan(anyone.length);
  });
});
