import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { addBlacklist, deleteCode, issueCodes, listBlacklist, listCodes, memberCodes, removeBlacklist } from './site.ts';

/** Admin recommendation codes and account blacklist (issue 19, decision 040). */
export function memberSiteRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/site/codes/list', admin, ({ body }) => listCodes(deps, body?.status, body?.skip ?? 0));
  defineCall(app, deps, '/api/admin/site/codes/issue', admin, async ({ actor, body }) => ({ rows: await issueCodes(deps, actor, body) }));
  defineCall(app, deps, '/api/admin/site/codes/delete', admin, async ({ actor, body }) => {
    await deleteCode(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/member/detail/codes', admin, ({ body }) => memberCodes(deps, BigInt(body.user_id), body.skip));
  defineCall(app, deps, '/api/admin/site/blacklist/list', admin, ({ body }) => listBlacklist(deps, body?.kind, body?.skip ?? 0));
  defineCall(app, deps, '/api/admin/site/blacklist/add', admin, async ({ actor, body }) => ({
    id: Number(await addBlacklist(deps, actor, body.kind, body.value, body.memo)),
  }));
  defineCall(app, deps, '/api/admin/site/blacklist/remove', admin, async ({ actor, body }) => {
    await removeBlacklist(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
}
