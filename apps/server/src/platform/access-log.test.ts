import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessLogFromEnv, installAccessLog, type AccessLog } from './access-log.ts';

// Decision 060: the shipped access log writes server errors, slow requests and one request in N,
// as Fastify's "request completed" lines; `errors` drops the sample, `off` writes nothing.
async function appWith(cfg: AccessLog) {
  const lines: { level: number; msg: string; reqId?: string; res?: { statusCode: number }; slow?: boolean; sampled?: number }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of chunk.toString().trim().split('\n')) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
  installAccessLog(app, cfg);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 60));
    return { ok: true };
  });
  app.get('/boom', async (_req, reply) => reply.status(503).send({ ok: false }));
  return { app, lines };
}

describe('the access log', () => {
  it('samples one request in N and always writes server errors and slow requests', async () => {
    const { app, lines } = await appWith({ mode: 'sampled', every: 3, slowMs: 50 });
    for (let i = 0; i < 7; i++) await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.map((l) => [l.msg, l.res?.statusCode, l.sampled])).toEqual([
      ['request completed', 200, 3],
      ['request completed', 200, 3],
    ]);
    await app.inject({ method: 'GET', url: '/boom' });
    await app.inject({ method: 'GET', url: '/slow' });
    expect(lines.slice(2).map((l) => [l.level, l.res?.statusCode, l.slow ?? false])).toEqual([
      [50, 503, false],
      [40, 200, true],
    ]);
    expect(lines.every((l) => typeof l.reqId === 'string')).toBe(true);
  });

  it('writes only errors and slow requests in errors mode, nothing when off', async () => {
    const errorsOnly = await appWith({ mode: 'errors', every: 1, slowMs: 50 });
    for (let i = 0; i < 5; i++) await errorsOnly.app.inject({ method: 'GET', url: '/ok' });
    await errorsOnly.app.inject({ method: 'GET', url: '/boom' });
    expect(errorsOnly.lines.map((l) => l.res?.statusCode)).toEqual([503]);
    const off = await appWith({ mode: 'off', every: 1, slowMs: 0 });
    await off.app.inject({ method: 'GET', url: '/boom' });
    expect(off.lines).toEqual([]);
  });

  it('reads its settings from the environment, sampled by default, and refuses a mode it does not know', () => {
    expect(accessLogFromEnv({})).toEqual({ mode: 'sampled', every: 100, slowMs: 1000 });
    expect(accessLogFromEnv({ ACCESS_LOG: 'errors', ACCESS_LOG_EVERY: '10', ACCESS_LOG_SLOW_MS: '250' })).toEqual({ mode: 'errors', every: 10, slowMs: 250 });
    expect(() => accessLogFromEnv({ ACCESS_LOG: 'verbose' })).toThrow(/ACCESS_LOG/);
  });
});
