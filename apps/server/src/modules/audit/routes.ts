import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { listAudit, verifyAudit } from './service.ts';

export function auditRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;

  defineCall(app, deps, '/api/admin/audit/list', admin, async ({ body }) => {
    const r = await listAudit(deps.db, body?.skip ?? 0);
    return {
      total: r.total,
      rows: r.rows.map((a) => ({
        id: Number(a.id),
        actor_type: a.actor_type,
        actor_id: a.actor_id === null ? null : Number(a.actor_id),
        action: a.action,
        target: a.target,
        ip: a.ip,
        created_at: a.created_at.toISOString(),
      })),
    };
  });

  // The same checks as `npm run audit:verify`, runnable while the server is up.
  defineCall(app, deps, '/api/admin/audit/verify', admin, () => verifyAudit(deps.db));
}
