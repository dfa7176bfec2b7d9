import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Deps } from './platform/deps.ts';
import { installErrorHandling } from './platform/http.ts';
import { openApiDocument } from './platform/openapi.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { contextRoutes } from './modules/context/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { bankingRoutes } from './modules/banking/routes.ts';
import { messagingRoutes } from './modules/messaging/routes.ts';
import { boardRoutes } from './modules/board/routes.ts';
import { responsibleRoutes } from './modules/responsible/routes.ts';
import { bettingRoutes } from './modules/betting/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';

/** Builds the whole HTTP app without listening, so tests can use `app.inject()`. */
export async function buildApp(deps: Deps, opts: { logger?: boolean | object; serveWeb?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Bigints never reach JSON as numbers: the contract sends money as strings.
  });
  app.setReplySerializer((payload) => JSON.stringify(payload, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
  installErrorHandling(app);

  authRoutes(app, deps);
  contextRoutes(app, deps);
  memberRoutes(app, deps);
  agentRoutes(app, deps);
  adminRoutes(app, deps);
  bankingRoutes(app, deps);
  messagingRoutes(app, deps);
  boardRoutes(app, deps);
  responsibleRoutes(app, deps);
  bettingRoutes(app, deps);
  uploadRoutes(app, deps);

  app.get('/api/openapi.json', async () => openApiDocument());
  app.get('/api/health', async () => ({ result: true, data: { ok: true, engine: deps.db.engine } }));

  const serveWeb = opts.serveWeb ?? true;
  const index = path.join(deps.config.webDist, 'index.html');
  if (serveWeb) {
    fs.mkdirSync(deps.config.webDist, { recursive: true });
    await app.register(fastifyStatic, { root: deps.config.webDist, prefix: '/', index: false });
  }
  if (serveWeb) app.get('/', (_req, reply) => (fs.existsSync(index) ? reply.type('text/html').sendFile('index.html') : reply.callNotFound()));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !serveWeb || !fs.existsSync(index)) {
      return reply.status(404).send({ result: false, data: {}, error: { code: 'not_found', message: 'The page you requested could not be found.' } });
    }
    // Client-side routes (/, /pa…, /admin…) all load the one SPA.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
