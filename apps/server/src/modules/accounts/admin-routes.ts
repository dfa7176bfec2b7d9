import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import type { Sql } from '../../platform/db.ts';
import { requireReauth } from '../auth/index.ts';
import { memberBank, memberBets, memberLedger, memberSessions } from '../agents/index.ts';
import { listInquiries, listMessages } from '../messaging/index.ts';
import { adminMemberDetail, changeStatusByAdmin, memberUpdates, updateProfileByAdmin } from './admin.ts';

/** The admin member and agent detail (issue 19, decision 037): the partner detail's reads with the whole site as scope. */
export function adminMemberRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/member/detail', admin, ({ body }) => adminMemberDetail(deps, BigInt(body.user_id)));
  defineCall(app, deps, '/api/admin/member/detail/ledger', admin, ({ body }) => memberLedger(deps, 'site', body));
  defineCall(app, deps, '/api/admin/member/detail/bets', admin, ({ body }) => memberBets(deps, 'site', body));
  defineCall(app, deps, '/api/admin/member/detail/bank', admin, ({ body }) => memberBank(deps, 'site', body));
  defineCall(app, deps, '/api/admin/member/detail/sessions', admin, ({ body }) => memberSessions(deps, 'site', body));
  defineCall(app, deps, '/api/admin/member/detail/messages', admin, async ({ body }) => {
    const r = await listMessages(deps, BigInt(body.user_id), body.skip);
    return {
      total: r.total,
      rows: r.messages.map((m) => ({ id: m.id, subject: m.subject, sender: m.sender, created_at: m.created_at, readed_at: m.readed_at })),
    };
  });
  defineCall(app, deps, '/api/admin/member/detail/inquiries', admin, async ({ body }) => {
    const r = await listInquiries(deps, BigInt(body.user_id), body.skip, false);
    return {
      total: r.total,
      rows: r.inquiries.map((i) => ({ id: i.id, subject: i.subject, status: i.status, created_at: i.created_at, answered_at: i.answered_at })),
    };
  });
  defineCall(app, deps, '/api/admin/member/detail/updates', admin, ({ body }) => memberUpdates(deps, BigInt(body.user_id), body.skip));
  defineCall(app, deps, '/api/admin/member/profile/update', admin, async ({ auth, actor, body }) => {
    const { user_id, reauth_token, ...patch } = body;
    const reauth = (sql: Sql) => requireReauth(deps, auth, reauth_token, sql);
    return { ok: true as const, changed: await updateProfileByAdmin(deps, actor, BigInt(user_id), patch, reauth) };
  });
  defineCall(app, deps, '/api/admin/member/setStatus', admin, async ({ actor, body }) => {
    await changeStatusByAdmin(deps, actor, BigInt(body.user_id), body.status, body.memo);
    return { ok: true as const };
  });
}
