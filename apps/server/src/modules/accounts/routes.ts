import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { adminMemberRoutes } from './admin-routes.ts';
import { bulkLowerStates } from './bulk.ts';
import { importRoutes } from './import-routes.ts';
import { createAccount, setLowerState, updateRates } from './service.ts';

const created = (r: Awaited<ReturnType<typeof createAccount>>) => ({ ...r, id: Number(r.id), message: 'join_complete' as const });

export function accountRoutes(app: FastifyInstance, deps: Deps) {
  importRoutes(app, deps);
  const signedIn = { auth: 'required' } as const;
  defineCall(app, deps, '/api/agent/user/create', signedIn, async ({ actor, body }) => created(await createAccount(deps, actor, body)));
  defineCall(app, deps, '/api/agent/user/approve', signedIn, async ({ actor, body }) => ({
    ok: true as const,
    status: await setLowerState(deps, actor, BigInt(body.user_id), 'approve'),
  }));
  defineCall(app, deps, '/api/agent/user/stop', signedIn, async ({ actor, body }) => ({
    ok: true as const,
    status: await setLowerState(deps, actor, BigInt(body.user_id), 'stop'),
  }));
  defineCall(app, deps, '/api/agent/user/bulk', signedIn, async ({ actor, body }) =>
    bulkLowerStates(deps, actor, { action: body.action, userIds: body.user_ids.map(BigInt), requestId: body.request_id }),
  );
  defineCall(app, deps, '/api/agent/user/rates/update', signedIn, async ({ actor, body }) => ({
    ok: true as const,
    rolling_json: await updateRates(deps, actor, BigInt(body.user_id), body.rolling_json),
  }));
  defineCall(app, deps, '/api/admin/member/rates/update', signedIn, async ({ actor, body }) => ({
    ok: true as const,
    rolling_json: await updateRates(deps, actor, BigInt(body.user_id), body.rolling_json),
  }));
  defineCall(app, deps, '/api/admin/member/create', signedIn, async ({ actor, body }) => created(await createAccount(deps, actor, body)));
  adminMemberRoutes(app, deps);
}
