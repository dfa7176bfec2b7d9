import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { getUser } from '../members/service.ts';
import { logout } from '../auth/service.ts';
import { getLimits, selfExclude, setLimits } from './service.ts';

export function responsibleRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  defineCall(app, deps, '/api/user/limits/get', member, ({ auth }) => getLimits(deps, auth.subjectId));
  defineCall(app, deps, '/api/user/limits/set', member, ({ auth, body }) => setLimits(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/user/limits/selfExclude', member, async ({ auth, body }) => {
    const u = await getUser(deps.db, auth.subjectId);
    const until = await selfExclude(deps, auth.subjectId, body.days, body.password, u!.password_hash);
    await logout(deps, auth);
    return { until: until.toISOString() };
  });
}
