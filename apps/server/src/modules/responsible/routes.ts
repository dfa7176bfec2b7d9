import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall, type Auth } from '../../platform/http.ts';
import { getUser } from '../members/index.ts';
import { getLimits, selfExclude, setLimits } from './service.ts';

/**
 * `sessions.end` is auth's logout, handed in by app.ts: auth asks this module whether a member
 * excluded themselves, so this module may not import auth.
 */
export function responsibleRoutes(app: FastifyInstance, deps: Deps, sessions: { end(auth: Auth): Promise<void> }) {
  const member = { auth: 'required' } as const;
  defineCall(app, deps, '/api/user/limits/get', member, ({ auth }) => getLimits(deps, auth.subjectId));
  defineCall(app, deps, '/api/user/limits/set', member, ({ auth, body }) => setLimits(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/user/limits/selfExclude', member, async ({ auth, body }) => {
    const u = await getUser(deps.db, auth.subjectId);
    const until = await selfExclude(deps, auth.subjectId, body.days, body.password, u!.password_hash);
    await sessions.end(auth);
    return { until: until.toISOString() };
  });
}
