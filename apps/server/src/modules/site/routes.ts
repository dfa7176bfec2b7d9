import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { rankMembers } from '../statistics/index.ts';
import { checkAttendance, listAttendance, listBonuses, memberAttendance, memberAttendanceDays, setBonuses } from './attendance.ts';
import { addDomain, domainGuide, domainHistory, listDomains, removeDomain } from './domains.ts';

/** Attendance, domains and the member ranking (issue 19, decision 040). */
export function siteRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  const member = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/site/attendance/bonuses', admin, async () => ({ bonuses: await listBonuses(deps) }));
  defineCall(app, deps, '/api/admin/site/attendance/setBonuses', admin, async ({ actor, body }) => ({ bonuses: await setBonuses(deps, actor, body.bonuses) }));
  defineCall(app, deps, '/api/admin/site/attendance/list', admin, ({ body }) => listAttendance(deps, body ?? {}, body?.skip ?? 0));
  defineCall(app, deps, '/api/admin/member/detail/attendance', admin, ({ body }) => memberAttendanceDays(deps, BigInt(body.user_id), body.skip));
  defineCall(app, deps, '/api/user/attendance/check', member, ({ auth }) => checkAttendance(deps, auth.subjectId));
  defineCall(app, deps, '/api/user/attendance/get', member, ({ auth, body }) => memberAttendance(deps, auth.subjectId, body?.month));

  defineCall(app, deps, '/api/admin/site/domains/list', admin, () => listDomains(deps));
  defineCall(app, deps, '/api/admin/site/domains/add', admin, async ({ actor, body }) => ({ id: Number(await addDomain(deps, actor, body.domain)) }));
  defineCall(app, deps, '/api/admin/site/domains/remove', admin, async ({ actor, body }) => {
    await removeDomain(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/site/domains/history', admin, ({ body }) => domainHistory(deps, body ?? {}, body?.skip ?? 0));
  defineCall(app, deps, '/api/user/site/domains', { auth: 'none' }, () => domainGuide(deps));

  defineCall(app, deps, '/api/admin/site/ranking', admin, async ({ body }) => {
    const by = body?.by ?? 'stake';
    const r = await rankMembers(deps, by, body, body?.limit ?? 50);
    return {
      from: r.from,
      to: r.to,
      by,
      rows: r.rows.map((x, i) => ({
        rank: i + 1,
        user_id: Number(x.user_id),
        account: x.account,
        nickname: x.nickname,
        parent_account: x.parent_account,
        stake: String(x.stake),
        win: String(x.win),
        deposit: String(x.deposit),
      })),
    };
  });
}
