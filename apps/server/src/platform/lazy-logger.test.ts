import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-logger.ts';

// A request's pino child is made only when the request logs (issue 22); its lines are the child's.
describe('the lazy request logger', () => {
  it('makes no child for a request that does not log, and a line with its request id for one that does', async () => {
    const lines: { msg: string; reqId?: string; secret?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of chunk.toString().trim().split('\n')) lines.push(JSON.parse(l));
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream, redact: { paths: ['secret'], censor: '[x]' } },
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: lazyChildLogger,
    });
    let children = 0;
    const child = app.log.child.bind(app.log);
    app.log.child = ((...a: Parameters<typeof child>) => (children++, child(...a))) as typeof child;
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (req) => {
      req.log.warn({ secret: 'token' }, 'loud');
      req.log.info('again');
      return { ok: true, level: req.log.level };
    });
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/quiet' });
    expect(children).toBe(0);
    const r = await app.inject({ method: 'GET', url: '/loud' });
    expect(r.json()).toEqual({ ok: true, level: 'info' });
    expect(children).toBe(1);
    expect(lines.map((l) => [l.msg, l.secret, typeof l.reqId])).toEqual([
      ['loud', '[x]', 'string'],
      ['again', undefined, 'string'],
    ]);
    expect(lines[0].reqId).toBe(lines[1].reqId);
    await app.close();
  });
});
