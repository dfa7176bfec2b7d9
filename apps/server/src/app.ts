import { installAccessLog, logsEveryRequest } from './platform/access-log.ts';
import { lazyChildLogger } from './platform/lazy-logger.ts';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Deps } from './platform/deps.ts';
import { bigintsAsText, installErrorHandling, installGuards } from './platform/http.ts';
import { installOperatorRoutes, requestIdGenerator } from './platform/operator-routes.ts';
import { webAssetOptions } from './platform/web-assets.ts';
import { slowClientServer } from './platform/slow-clients.ts';
import { REDACT_PATHS, REDACTED, requestForLog } from './platform/log-redact.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { authRoutes } from './modules/auth/index.ts';
import { authenticate, checkIp, logout } from './modules/auth/index.ts';
import { getSettings } from './modules/settings/index.ts';
import { contextRoutes } from './modules/context/index.ts';
import { memberRoutes } from './modules/members/index.ts';
import { getUser } from './modules/members/index.ts';
import { agentRoutes } from './modules/agents/index.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { bankingRoutes } from './modules/banking/index.ts';
import { messagingRoutes } from './modules/messaging/index.ts';
import { boardRoutes } from './modules/board/index.ts';
import { responsibleRoutes } from './modules/responsible/index.ts';
import { protectionRoutes } from './modules/protection/index.ts';
import { bettingRoutes } from './modules/betting/index.ts';
import { uploadRoutes } from './modules/uploads/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { ledgerRoutes } from './modules/ledger/index.ts';
import { selectionNames, sportsRoutes } from './modules/sports/index.ts';
import { minigameRoutes, roundOfDay } from './modules/minigames/index.ts';
import { casinoGameName, casinoRoutes } from './modules/casino/index.ts';
import { houseVendorRoutes } from './modules/housevendor/index.ts';
import { losingRoutes } from './modules/commissions/index.ts';
import { statisticsRoutes } from './modules/statistics/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { authorizeAdminCall, roleRoutes } from './modules/roles/index.ts';

/**
 * One strict policy for every answer (decision 008): only this origin's scripts, no inline
 * script, no framing. Style attributes stay allowed because the sanitised rich text uses them
 * (colour, alignment); style elements do not. Images come from this site only (uploads are
 * same-origin), so a remote image in rich text is never fetched.
 */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** helmet's headers that an API answer keeps (see `buildApp`). */
const API_HEADERS = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy'];

/** A path the SPA's router answers: not a build asset, not a dotfile, not an uploaded file. */
function isClientRoute(url: string) {
  const p = url.split('?', 1)[0];
  const segments = p.split('/');
  // A last segment with an extension is a file request (/robots.txt), never a screen.
  return (
    !p.startsWith('/assets/') && !p.startsWith('/uploads/') && !segments.some((seg) => seg.startsWith('.')) && !/\.[A-Za-z0-9]+$/.test(segments.at(-1) ?? '')
  );
}

/** Builds the whole HTTP app without listening, so tests can use `app.inject()`. */
export async function buildApp(deps: Deps, opts: { logger?: boolean | object; serveWeb?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Every log line goes through the redaction (issue 21): no token, password or signature.
    logger: opts.logger
      ? { ...(opts.logger === true ? {} : opts.logger), serializers: { req: requestForLog }, redact: { paths: REDACT_PATHS, censor: REDACTED } }
      : false,
    // Fastify's own line per request only when asked for (ACCESS_LOG=all); else ours, sampled (decision 060).
    logController: new LogController({ disableRequestLogging: !logsEveryRequest(deps.config.accessLog) }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    serverFactory: slowClientServer(deps.config),
    genReqId: requestIdGenerator(),
    // A request's pino child only once it logs (platform/lazy-logger.ts): most requests never do.
    childLoggerFactory: lazyChildLogger,
  });
  // Bigints never reach JSON as numbers: the contract sends money as strings. Answers rarely hold
  // a bigint: plain JSON.stringify first (a replacer on every value costs every reply), the
  // bigint-aware one only when it throws.
  app.setReplySerializer((payload) => {
    try {
      return JSON.stringify(payload);
    } catch {
      return JSON.stringify(payload, bigintsAsText);
    }
  });
  installErrorHandling(app);
  if (opts.logger) installAccessLog(app, deps.config.accessLog);
  installOperatorRoutes(app, deps);
  // helmet's headers, computed once (decision 012) instead of per request by @fastify/helmet.
  // X-Frame-Options DENY says what the CSP's frame-ancestors 'none' says (SAMEORIGIN contradicted it).
  const security = await securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: CSP }, xFrameOptions: { action: 'deny' } });
  // An API answer is JSON that no browser renders: it carries the headers that still mean
  // something for it (OWASP's REST set), not the ones only a document reads (opener policy,
  // origin cluster, DNS prefetch, the old XSS filter). A dozen headers fewer is a tenth of a
  // context poll's CPU (decision 062). Its policy lets it load and run nothing at all.
  const api: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const h of API_HEADERS) if (security[h]) api[h] = security[h];
  app.addHook('onRequest', (req, reply, done) => {
    // API answers carry balances, messages and bets: no cache keeps them (a route may still say otherwise).
    reply.headers(req.url.startsWith('/api/') ? api : security);
    done();
  });
  installGuards(app, {
    checkAddress: (audience, ip) => checkIp(deps, audience, ip),
    authenticate: (audience, token, ip) => authenticate(deps, audience, token, ip),
    isUnderInspection: async (audience) => {
      const s = await getSettings(deps.db);
      return (audience === 'agent' ? s.agent_inspection : s.inspection).is_disabled;
    },
    authorizeAdmin: (auth, path) => authorizeAdminCall(deps, auth.subjectId, path),
  });

  authRoutes(app, deps);
  contextRoutes(app, deps);
  memberRoutes(app, deps);
  agentRoutes(app, deps);
  accountRoutes(app, deps);
  adminRoutes(app, deps);
  bankingRoutes(app, deps);
  messagingRoutes(app, deps);
  boardRoutes(app, deps);
  responsibleRoutes(app, deps, { end: (auth) => logout(deps, auth) });
  protectionRoutes(app, deps);
  bettingRoutes(app, deps, { roundOfDay, casinoGame: casinoGameName, sportsFixtures: selectionNames });
  uploadRoutes(app, deps);
  settingsRoutes(app, deps);
  auditRoutes(app, deps);
  ledgerRoutes(app, deps, { exists: async (id) => Boolean(await getUser(deps.db, id)) });
  sportsRoutes(app, deps);
  minigameRoutes(app, deps);
  casinoRoutes(app, deps);
  houseVendorRoutes(app, deps);
  losingRoutes(app, deps);
  statisticsRoutes(app, deps);
  siteRoutes(app, deps);
  roleRoutes(app, deps);

  app.get('/api/health', async () => ({ result: true, data: { ok: true, engine: deps.db.engine } }));

  const serveWeb = opts.serveWeb ?? true;
  const index = path.join(deps.config.webDist, 'index.html');
  if (serveWeb) {
    fs.mkdirSync(deps.config.webDist, { recursive: true });
    await app.register(fastifyStatic, webAssetOptions(deps.config.webDist));
  }
  if (serveWeb) app.get('/', (_req, reply) => (fs.existsSync(index) ? reply.type('text/html').sendFile('index.html') : reply.callNotFound()));
  app.setNotFoundHandler((req, reply) => {
    // API paths, missing build files and dotfiles (/.env) are a plain 404, never the page.
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !serveWeb || !fs.existsSync(index) || !isClientRoute(req.url)) {
      return reply
        .status(404)
        .send({ result: false, data: {}, error: { code: 'not_found', message: 'The page you requested could not be found.', request_id: req.id } });
    }
    // Client-side routes (/, /pa…, /admin…) all load the one SPA.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
