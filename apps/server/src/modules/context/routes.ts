import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { systemContext } from './service.ts';
import { playerLoginInfo, recordActivity } from '../members/service.ts';
import { agentLoginInfo } from '../agents/service.ts';
import { getAdminInfo, sessionExpiry, setSessionLanguage } from '../auth/service.ts';

export function contextRoutes(app: FastifyInstance, deps: Deps) {
  const always = { auth: 'optional', duringInspection: true } as const;

  defineCall(app, deps, '/api/user/getContext', always, async ({ auth }) => ({
    context: await systemContext(deps, auth?.subjectId ?? null),
    user: auth ? await playerLoginInfo(deps, auth.subjectId) : null,
  }));
  defineCall(app, deps, '/api/agent/getContext', always, async ({ auth }) => ({
    context: await systemContext(deps, auth?.subjectId ?? null),
    agent: auth ? await agentLoginInfo(deps, auth.subjectId) : null,
  }));
  defineCall(app, deps, '/api/admin/getContext', always, async ({ auth }) => ({
    context: await systemContext(deps, null),
    admin: auth ? await getAdminInfo(deps, auth.subjectId) : null,
  }));

  for (const path of ['/api/user/browse', '/api/agent/browse'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true }, async ({ auth, body, page }) => {
      await recordActivity(deps.db, auth.subjectId, body?.path ?? page, deps.clock.now());
      return { ok: true as const };
    });

  for (const path of ['/api/user/updateSession', '/api/agent/updateSession', '/api/admin/updateSession'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true }, async ({ auth }) => ({
      expires_at: (await sessionExpiry(deps, auth)).toISOString(),
    }));

  defineCall(app, deps, '/api/setLanguage', always, async ({ auth, body }) => {
    if (auth) await setSessionLanguage(deps, auth, body.language);
    return { language: body.language };
  });
}
