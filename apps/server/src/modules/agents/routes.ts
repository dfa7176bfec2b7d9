import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { subtreeSessions } from '../auth/index.ts';
import { agentDetailRoutes } from './detail-routes.ts';
import { listDownline } from './downline.ts';
import { moveToParent, parentHistory } from './moves.ts';
import { agentMoneyRoutes } from './routes-money.ts';
import { agentStarRoutes } from './routes-star.ts';
import { adminTreeRoutes } from './routes-tree.ts';
import { agentLoginInfo, listRoles } from './service.ts';

export function agentRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/agent/getAgentInfo', { auth: 'required', duringInspection: true }, ({ auth }) => agentLoginInfo(deps, auth.subjectId));
  defineCall(app, deps, '/api/agent/user/getRoles', { auth: 'required' }, async () => ({ roles: await listRoles(deps.db) }));
  defineCall(app, deps, '/api/agent/user/list', { auth: 'required' }, ({ auth, body }) => listDownline(deps, auth.subjectId, false, body));
  defineCall(app, deps, '/api/agent/child/list', { auth: 'required' }, ({ auth, body }) => listDownline(deps, auth.subjectId, true, body));
  // Who of the subtree is signed in now (/pa-accessor) and every login (/pa-user-connection).
  defineCall(app, deps, '/api/agent/user/sessions', { auth: 'required' }, ({ auth, body }) =>
    subtreeSessions(deps, auth.subjectId, { online: body?.online ?? false, search: body?.search, skip: body?.skip ?? 0 }),
  );
  agentMoneyRoutes(app, deps); // grants and reclaims to sub-accounts (decision 029)
  agentStarRoutes(app, deps); // the /pa-star tree of the agent's own subtree
  agentDetailRoutes(app, deps); // one member's detail and the game logs (decision 034)

  // Admin: the agent tree (decision 026) and the tree screen's reads.
  adminTreeRoutes(app, deps);
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/agent/tree/move', admin, async ({ actor, body }) => {
    const r = await moveToParent(deps, actor, { userId: BigInt(body.user_id), parentId: BigInt(body.parent_id), memo: body.memo });
    return { ok: true as const, history_id: Number(r.historyId) };
  });
  defineCall(app, deps, '/api/admin/agent/tree/history', admin, ({ body }) =>
    parentHistory(deps, body?.user_id === undefined ? null : BigInt(body.user_id), body?.skip ?? 0),
  );
}
