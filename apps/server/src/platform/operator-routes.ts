import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from './deps.ts';
import { AppError } from './errors.ts';
import { bearer, signedInAdmin } from './http.ts';
import { observeRequest, metricsText } from './metrics.ts';
import { pendingMigrations } from './migrate.ts';
import { openApiDocument } from './openapi.ts';

/** The admin call whose permission area (settings, read: decision 042) opens /metrics to an admin. */
export const METRICS_CALL = '/api/admin/settings/metrics/get';
/** A probe that does not answer within this is failed (a stuck database must not hang the probe). */
const PROBE_TIMEOUT_MS = 2_000;

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId` (issue 21): a caller's (or proxy's) `x-request-id` when it is short and
 * plain, else this process's tag and a counter: unique across processes, nothing random per
 * request. The id is in every log line of the request (pino's reqId), its error answers and its
 * `x-request-id` header.
 */
export function requestIdGenerator() {
  const tag = randomBytes(4).toString('hex');
  let n = 0;
  return (req: { headers: Record<string, string | string[] | undefined> }) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : `${tag}-${(++n).toString(36)}`;
  };
}

const within = <T>(p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS).unref())]);

async function check(probe: () => Promise<void>): Promise<string> {
  try {
    await within(probe());
    return 'ok';
  } catch (e) {
    return e instanceof Error ? e.message.slice(0, 200) : 'failed';
  }
}

/** Readiness: the database answers, every migration file is applied, Redis answers when configured. */
async function readiness(deps: Deps) {
  const checks: Record<string, string> = {
    database: await check(async () => {
      await deps.db.query('SELECT 1');
    }),
  };
  checks.migrations =
    checks.database === 'ok'
      ? await check(async () => {
          const pending = await pendingMigrations(deps.db);
          if (pending.length) throw new Error(`pending: ${pending.join(', ')}`);
        })
      : 'not checked';
  // The rate limiter is the Redis client every process holds when REDIS_URL is set.
  checks.redis = deps.config.redisUrl
    ? await check(async () => {
        await deps.limiter.count('readyz');
      })
    : 'off';
  return { ok: Object.values(checks).every((c) => c === 'ok' || c === 'off'), checks };
}

function sameToken(given: string | undefined, want: string) {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The scraper's METRICS_TOKEN, else an admin whose role reads settings; anyone else 401/403. */
async function authorizeMetrics(app: FastifyInstance, deps: Deps, req: FastifyRequest) {
  if (deps.config.metricsToken && sameToken(bearer(req), deps.config.metricsToken)) return;
  await signedInAdmin(app, req, METRICS_CALL);
}

/**
 * What an operator's tooling reads (issue 21, decision 051): `/healthz` (the process answers),
 * `/readyz` (it can serve: database, migrations, Redis), `/metrics` (Prometheus, operator only),
 * `/api/openapi.json` (the admin calls only for a signed-in admin), plus the request id header
 * and the per-route request metrics on every answer.
 */
export function installOperatorRoutes(app: FastifyInstance, deps: Deps) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    observeRequest(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ result: true, data: { ok: true } }));
  app.get('/readyz', async (_req, reply) => {
    const r = await readiness(deps);
    return reply
      .status(r.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ result: r.ok, data: r });
  });
  app.get('/metrics', async (req, reply) => {
    await authorizeMetrics(app, deps, req);
    const m = await metricsText();
    return reply.header('cache-control', 'no-store').type(m.contentType).send(m.body);
  });
  app.get('/api/openapi.json', async (req) => {
    // A stale or absent token reads the public document, never an error.
    const isAdmin = bearer(req)
      ? await signedInAdmin(app, req).then(
          () => true,
          (e: unknown) => {
            if (e instanceof AppError) return false;
            throw e;
          },
        )
      : false;
    return openApiDocument(isAdmin);
  });
}
