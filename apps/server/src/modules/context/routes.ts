import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { bearer, defineCall } from '../../platform/http.ts';
import { cachedContext, forgetMember, playerLoginInfo, systemContext } from './service.ts';
import { recordActivity } from '../members/service.ts';
import { agentLoginInfo } from '../agents/service.ts';
import { cachedSubject, getAdminInfo, sessionExpiry, setSessionLanguage } from '../auth/service.ts';

export function contextRoutes(app: FastifyInstance, deps: Deps) {
  const always = { auth: 'optional', duringInspection: true } as const;

  // The 5-second poll: answered from memory until a change notice drops the entry (decision 012).
  defineCall(app, deps, '/api/user/getContext', always, async ({ auth }) => {
    const id = auth?.subjectId ?? null;
    const v = await cachedContext(deps, `user:${id}`, id, async () => ({
      context: await systemContext(deps, id),
      user: id !== null ? await playerLoginInfo(deps, id) : null,
    }));
    return { ...v, context: { ...v.context, server_time: deps.clock.now().toISOString() } };
  });
  defineCall(app, deps, '/api/agent/getContext', always, async ({ auth }) => {
    const id = auth?.subjectId ?? null;
    const v = await cachedContext(deps, `agent:${id}`, id, async () => ({
      context: await systemContext(deps, id),
      agent: id !== null ? await agentLoginInfo(deps, id) : null,
    }));
    return { ...v, context: { ...v.context, server_time: deps.clock.now().toISOString() } };
  });
  defineCall(app, deps, '/api/admin/getContext', always, async ({ auth }) => ({
    context: await systemContext(deps, null),
    admin: auth ? await getAdminInfo(deps, auth.subjectId) : null,
  }));

  // A member's own call may change what their context shows (messages read, language …):
  // drop their cached context and session after any of their calls other than the polls.
  const polls = new Set([
    '/api/user/getContext',
    '/api/agent/getContext',
    '/api/user/updateSession',
    '/api/agent/updateSession',
    '/api/user/browse',
    '/api/agent/browse',
  ]);
  // Bet placements change only the member's balance, and the ledger's balance notice already
  // drops their context: dropping the session too would cost the next bet its re-read (issue #8).
  const balanceOnly = new Set(['/api/user/sports/bet/place', '/api/user/minigame/bet']);
  // A callback hook, not an async one: it runs on every reply, and the poll is the hot path.
  app.addHook('onResponse', (req, _reply, done) => {
    const url = req.url.split('?', 1)[0];
    try {
      if (
        req.method === 'POST' &&
        !polls.has(url) &&
        !balanceOnly.has(url) &&
        (url.startsWith('/api/user/') || url.startsWith('/api/agent/') || url === '/api/setLanguage')
      ) {
        const token = bearer(req);
        const id = token ? cachedSubject(deps, token) : undefined;
        if (id !== undefined) forgetMember(deps, id);
      }
    } catch (err) {
      req.log.error({ err }, 'dropping the caller’s cached context failed');
    }
    done();
  });

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
