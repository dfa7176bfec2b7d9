import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
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
    const r = await selfExclude(deps, auth.subjectId, body.period, body.password, u!.password_hash);
    await sessions.end(auth);
    return { until: r.until?.toISOString() ?? null, permanent: r.permanent };
  });

  // The admin member detail's protection tab (decision 057): the member's own read, and the same
  // setLimits with the admin as actor, so a raise or removal is refused (403 limit_raise_forbidden).
  const player = async (userId: number) => {
    const u = await getUser(deps.db, BigInt(userId));
    if (!u || u.role !== 'user') throw notFound('Member not found.', 'member_not_found');
    return u.id;
  };
  defineCall(app, deps, '/api/admin/member/limits/get', member, async ({ body }) => getLimits(deps, await player(body.user_id)));
  defineCall(app, deps, '/api/admin/member/limits/set', member, async ({ actor, body }) => setLimits(deps, await player(body.user_id), body.limits, actor));
}
