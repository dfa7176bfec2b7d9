import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { addIpRule, forceLogout, listIpRules, listSessions, logout, refresh, removeIpRule } from './service.ts';
import { changePassword } from './password-change.ts';
import { twoFactorRoutes } from './routes-two-factor.ts';

// The login calls are defined in context/routes.ts: their answer carries the login info of
// members, agents and admins, which reads modules that depend on this one.
export function authRoutes(app: FastifyInstance, deps: Deps) {
  twoFactorRoutes(app, deps);
  for (const path of ['/api/user/logout', '/api/agent/logout', '/api/admin/logout'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true, duringEnrolment: true }, async ({ auth }) => {
      await logout(deps, auth);
      return { ok: true as const };
    });

  defineCall(app, deps, '/api/user/changePassword', { auth: 'required' }, async ({ auth, body, client }) => {
    await changePassword(deps, auth.subjectId, auth.sessionId, client.ip, {
      current: body.current_password,
      next: body.new_password,
      confirm: body.confirm_password,
      requestId: body.request_id,
    });
    return { ok: true as const };
  });

  for (const path of ['/api/user/refresh', '/api/agent/refresh'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true }, async ({ auth, token }) => {
      const next = await refresh(deps, auth, token);
      // The refresh answer carries the token itself; no second rotation header.
      auth.renewSessionToken = undefined;
      return { token: next };
    });

  // Admin screens over this module's data: live sessions and the IP allow/block lists.
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/session/list', admin, async ({ body }) => ({
    sessions: (await listSessions(deps, body?.audience)).map((s) => ({
      id: Number(s.id),
      audience: s.audience,
      subject_id: Number(s.subject_id),
      account: s.account ?? '',
      device: s.device,
      ip: s.ip,
      country: s.country,
      domain: s.domain,
      created_at: s.created_at.toISOString(),
      last_seen_at: s.last_seen_at.toISOString(),
    })),
  }));
  defineCall(app, deps, '/api/admin/session/forceLogout', admin, async ({ actor, body }) => {
    await forceLogout(deps, actor, BigInt(body.session_id));
    return { ok: true as const };
  });

  defineCall(app, deps, '/api/admin/ip/list', admin, async ({ body }) => ({
    ips: (await listIpRules(deps, body.kind)).map((r) => ({ id: Number(r.id), ip: r.ip, memo: r.memo, created_at: r.created_at.toISOString() })),
  }));
  defineCall(app, deps, '/api/admin/ip/add', admin, async ({ actor, body }) => ({
    id: Number(await addIpRule(deps, actor, body.kind, body.ip, body.memo)),
  }));
  defineCall(app, deps, '/api/admin/ip/remove', admin, async ({ actor, body }) => {
    await removeIpRule(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
}
