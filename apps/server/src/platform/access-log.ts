import type { FastifyInstance } from 'fastify';

/**
 * Request logs a busy night can afford (issue 22, decision 060). `all`: Fastify's own two lines
 * per request. `sampled` (the default): every server error, every slow request and one request
 * in `every`; `errors`: server errors and slow requests only; `off`: none. A line has Fastify's
 * "request completed" shape (req through the redacting serializer, res, responseTime), so the
 * tools that read one read the other. Sampling counts requests rather than drawing lots: the
 * choice is reproducible and costs one increment.
 */
export type AccessLog = { mode: 'all' | 'sampled' | 'errors' | 'off'; every: number; slowMs: number };

export function accessLogFromEnv(env: NodeJS.ProcessEnv): AccessLog {
  const mode = env.ACCESS_LOG ?? 'sampled';
  if (mode !== 'all' && mode !== 'sampled' && mode !== 'errors' && mode !== 'off')
    throw new Error(`ACCESS_LOG must be all, sampled, errors or off (got "${mode}")`);
  return { mode, every: Math.max(1, Number(env.ACCESS_LOG_EVERY ?? 100)), slowMs: Number(env.ACCESS_LOG_SLOW_MS ?? 1000) };
}

/** Whether Fastify logs every request itself (mode `all`). */
export const logsEveryRequest = (cfg: AccessLog) => cfg.mode === 'all';

export function installAccessLog(app: FastifyInstance, cfg: AccessLog) {
  if (cfg.mode === 'all' || cfg.mode === 'off') return;
  let seen = 0;
  app.addHook('onResponse', (req, reply, done) => {
    seen++;
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500) req.log.error({ req, res: reply, responseTime: ms }, 'request completed');
    else if (ms >= cfg.slowMs) req.log.warn({ req, res: reply, responseTime: ms, slow: true }, 'request completed');
    else if (cfg.mode === 'sampled' && seen % cfg.every === 0) req.log.info({ req, res: reply, responseTime: ms, sampled: cfg.every }, 'request completed');
    done();
  });
}
