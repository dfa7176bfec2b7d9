import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { auditPage, searchAudit, verifyAudit } from './service.ts';

export function auditRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;

  defineCall(app, deps, '/api/admin/audit/list', admin, ({ body }) => auditPage(deps.db, body?.skip ?? 0));

  defineCall(app, deps, '/api/admin/audit/search', admin, ({ body }) => searchAudit(deps.db, body));

  // The same checks as `npm run audit:verify`, runnable while the server is up.
  defineCall(app, deps, '/api/admin/audit/verify', admin, () => verifyAudit(deps.db));
}
