import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { checkJoinSms, isAccountFree, isNicknameFree, join, listBanks, listMembers, sendJoinSms, setPartnerAccess, setRestrictions } from './service.ts';
import { memberSiteRoutes } from './routes-site.ts';
import { memberIdentity, setMemberIdentity } from './identity.ts';
import { getSettings } from '../settings/index.ts';

export function memberRoutes(app: FastifyInstance, deps: Deps) {
  const guest = { auth: 'none' } as const;
  // The join form checks the age as the player types: it needs the operator's minimum (decision 058).
  defineCall(app, deps, '/api/user/join/getBanks', guest, async () => ({
    banks: await listBanks(deps.db, false),
    minimum_age: (await getSettings(deps.db)).minimum_age,
  }));
  defineCall(app, deps, '/api/user/join/checkAccount', guest, async ({ body, client }) => ({ checked: await isAccountFree(deps, body.account, client.ip) }));
  defineCall(app, deps, '/api/user/join/checkNickname', guest, async ({ body, client }) => ({ checked: await isNicknameFree(deps, body.nickname, client.ip) }));
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

  // Admin screens over members: the list and activity restrictions (status changes: accounts, along its state table).
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/member/list', admin, ({ body }) =>
    listMembers(deps, { status: body?.status, role: body?.role, search: body?.search || undefined }, body?.skip ?? 0),
  );
  defineCall(app, deps, '/api/admin/member/setRestrictions', admin, async ({ actor, body }) => ({
    restrictions: await setRestrictions(deps, actor, BigInt(body.user_id), body.restrictions),
  }));
  defineCall(app, deps, '/api/admin/member/setPartnerAccess', admin, async ({ actor, body }) => ({
    visibled_partner: await setPartnerAccess(deps, actor, BigInt(body.user_id), body.visibled_partner),
  }));
  // Identity status (issue 23, decision 058): admins only; the audit records who set what.
  defineCall(app, deps, '/api/admin/member/identity/get', admin, ({ body }) => memberIdentity(deps, BigInt(body.user_id)));
  defineCall(app, deps, '/api/admin/member/identity/set', admin, ({ actor, body }) =>
    setMemberIdentity(deps, actor, BigInt(body.user_id), { status: body.status, note: body.note }),
  );
  memberSiteRoutes(app, deps);
}
