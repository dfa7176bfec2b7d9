import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { login, logout, refresh } from './service.ts';
import { playerLoginInfo } from '../members/service.ts';
import { agentLoginInfo } from '../agents/service.ts';
import { getAdminInfo } from './service.ts';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/user/login', { auth: 'none', duringInspection: true }, async ({ body, client }) => {
    const r = await login(deps, 'user', body.account, body.password, { ...client, device: body.device });
    return { token: r.token, user: await playerLoginInfo(deps, r.subjectId) };
  });
  defineCall(app, deps, '/api/agent/login', { auth: 'none' }, async ({ body, client }) => {
    const r = await login(deps, 'agent', body.account, body.password, { ...client, device: body.device });
    return { token: r.token, agent: await agentLoginInfo(deps, r.subjectId) };
  });
  defineCall(app, deps, '/api/admin/login', { auth: 'none' }, async ({ body, client }) => {
    const r = await login(deps, 'admin', body.account, body.password, { ...client, device: body.device });
    return { token: r.token, admin: await getAdminInfo(deps, r.subjectId) };
  });

  for (const path of ['/api/user/logout', '/api/agent/logout', '/api/admin/logout'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true }, async ({ auth }) => {
      await logout(deps, auth);
      return { ok: true as const };
    });

  for (const path of ['/api/user/refresh', '/api/agent/refresh'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true }, async ({ auth, token }) => {
      const next = await refresh(deps, auth, token);
      // The refresh answer carries the token itself; no second rotation header.
      auth.renewSessionToken = undefined;
      return { token: next };
    });
}
