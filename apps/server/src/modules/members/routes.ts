import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { checkJoinSms, isAccountFree, isNicknameFree, join, sendJoinSms } from './service.ts';

export function memberRoutes(app: FastifyInstance, deps: Deps) {
  const guest = { auth: 'none' } as const;
  defineCall(app, deps, '/api/user/join/checkAccount', guest, async ({ body }) => ({ checked: await isAccountFree(deps, body.account) }));
  defineCall(app, deps, '/api/user/join/checkNickname', guest, async ({ body }) => ({ checked: await isNicknameFree(deps, body.nickname) }));
  defineCall(app, deps, '/api/user/join/sendSms', guest, async ({ body, client }) => ({ sms_key: await sendJoinSms(deps, body.phone_number, client.ip) }));
  defineCall(app, deps, '/api/user/join/checkSms', guest, async ({ body }) => {
    await checkJoinSms(deps, body.sms_key, body.number);
    return { verified: true as const };
  });
  defineCall(app, deps, '/api/user/join', guest, async ({ body, client }) => {
    const r = await join(deps, body, client.ip);
    return {
      status: r.status as 'pending' | 'normal_a',
      // A code the web translates (decision 013): the server never words a message for a person.
      message: r.status === 'pending' ? ('join_pending' as const) : ('join_complete' as const),
    };
  });
}
