import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall, jsonTemplate, TEMPLATE_HOLE } from '../../platform/http.ts';
import { cachedContext, playerLoginInfo, systemContext } from './service.ts';
import { recordActivity } from '../members/index.ts';
import { agentLoginInfo } from '../agents/index.ts';
import { getAdminInfo, login, sessionExpiry, setSessionLanguage } from '../auth/index.ts';

/**
 * The calls whose answer is the caller's own view across modules: the login answer (token
 * plus login info), the context polls, keep-alive and language. They live here, not in auth,
 * so auth depends on no module that reads what a member sees.
 */
export function contextRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/user/login', { auth: 'none', duringInspection: true }, async ({ body, client }) => {
    const r = await login(deps, 'user', body.account, body.password, { ...client, device: body.device });
    return { token: r.token, user: await playerLoginInfo(deps, r.subjectId) };
  });
  defineCall(app, deps, '/api/agent/login', { auth: 'none' }, async ({ body, client }) => {
    const r = await login(deps, 'agent', body.account, body.password, { ...client, device: body.device }, body.otp);
    return { token: r.token, agent: await agentLoginInfo(deps, r.subjectId), two_factor_pending: r.twoFactorPending };
  });
  defineCall(app, deps, '/api/admin/login', { auth: 'none' }, async ({ body, client }) => {
    const r = await login(deps, 'admin', body.account, body.password, { ...client, device: body.device }, body.otp);
    return { token: r.token, admin: await getAdminInfo(deps, r.subjectId), two_factor_pending: r.twoFactorPending };
  });

  // Polls and keep-alives change nothing a member sees ('none'); the language does ('member').
  // A session that must enrol a second factor first may still read its context (decision 050).
  const always = { auth: 'optional', duringInspection: true, changes: 'none', duringEnrolment: true } as const;

  // The 5-second poll: answered from memory until a change notice drops the entry (decision 012),
  // kept as its JSON with the server time left open (decision 062).
  defineCall(app, deps, '/api/user/getContext', always, async ({ auth }) => {
    const id = auth?.subjectId ?? null;
    const answer = await cachedContext(deps, `user:${id}`, id, async () =>
      jsonTemplate<'/api/user/getContext'>({
        context: { ...(await systemContext(deps, id)), server_time: TEMPLATE_HOLE },
        user: id !== null ? await playerLoginInfo(deps, id) : null,
      }),
    );
    return answer(deps.clock.now().toISOString());
  });
  defineCall(app, deps, '/api/agent/getContext', always, async ({ auth }) => {
    const id = auth?.subjectId ?? null;
    const v = await cachedContext(deps, `agent:${id}`, id, async () => ({
      context: await systemContext(deps, id),
      agent: id !== null ? await agentLoginInfo(deps, id) : null,
    }));
    return { ...v, context: { ...v.context, server_time: deps.clock.now().toISOString() }, two_factor_pending: auth?.twoFactorPending ?? false };
  });
  defineCall(app, deps, '/api/admin/getContext', always, async ({ auth }) => ({
    context: await systemContext(deps, null),
    admin: auth ? await getAdminInfo(deps, auth.subjectId) : null,
    two_factor_pending: auth?.twoFactorPending ?? false,
  }));

  for (const path of ['/api/user/browse', '/api/agent/browse'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true, changes: 'none' }, async ({ auth, body, page }) => {
      await recordActivity(deps.db, auth.subjectId, body?.path ?? page, deps.clock.now());
      return { ok: true as const };
    });

  for (const path of ['/api/user/updateSession', '/api/agent/updateSession', '/api/admin/updateSession'] as const)
    defineCall(app, deps, path, { auth: 'required', duringInspection: true, changes: 'none', duringEnrolment: true }, async ({ auth }) => ({
      expires_at: (await sessionExpiry(deps, auth)).toISOString(),
    }));

  defineCall(app, deps, '/api/setLanguage', { ...always, changes: 'member' }, async ({ auth, body }) => {
    if (auth) await setSessionLanguage(deps, auth, body.language);
    return { language: body.language };
  });
}
