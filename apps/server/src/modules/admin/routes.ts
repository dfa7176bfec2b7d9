import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { addIpRule, forceLogout, listIpRules, listSessions, removeIpRule } from '../auth/service.ts';
import { getSettings, updateSettings } from '../settings/service.ts';
import { listMembers, setMemberStatus, setRestrictions } from '../members/service.ts';
import { listAudit, verifyAudit } from '../audit/service.ts';
import { verifyLedger } from '../ledger/service.ts';
import { adjustBalance, dashboard } from './service.ts';


export function adminRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;

  defineCall(app, deps, '/api/admin/dashboard', admin, () => dashboard(deps));

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

  defineCall(app, deps, '/api/admin/settings/get', admin, async () => ({ settings: await getSettings(deps.db) }));
  defineCall(app, deps, '/api/admin/settings/update', admin, async ({ actor, body }) => ({
    settings: await updateSettings(deps.db, deps.clock, actor, body.settings),
  }));

  defineCall(app, deps, '/api/admin/member/list', admin, ({ body }) =>
    listMembers(deps, { status: body?.status, role: body?.role, search: body?.search || undefined }, body?.skip ?? 0),
  );
  defineCall(app, deps, '/api/admin/member/setRestrictions', admin, async ({ actor, body }) => ({
    restrictions: await setRestrictions(deps, actor, BigInt(body.user_id), body.restrictions),
  }));
  defineCall(app, deps, '/api/admin/member/setStatus', admin, async ({ actor, body }) => {
    await setMemberStatus(deps, actor, BigInt(body.user_id), body.status, body.memo);
    return { ok: true as const };
  });

  defineCall(app, deps, '/api/admin/audit/list', admin, async ({ body }) => {
    const r = await listAudit(deps.db, body?.skip ?? 0);
    return {
      total: r.total,
      rows: r.rows.map((a) => ({
        id: Number(a.id),
        actor_type: a.actor_type,
        actor_id: a.actor_id === null ? null : Number(a.actor_id),
        action: a.action,
        target: a.target,
        ip: a.ip,
        created_at: a.created_at.toISOString(),
      })),
    };
  });

  // The same checks as `npm run ledger:verify` / `audit:verify`, runnable while the server is up.
  defineCall(app, deps, '/api/admin/ledger/verify', admin, () => verifyLedger(deps.db));
  defineCall(app, deps, '/api/admin/audit/verify', admin, () => verifyAudit(deps.db));

  defineCall(app, deps, '/api/admin/ledger/adjust', admin, async ({ actor, body }) => {
    const r = await adjustBalance(deps, actor, BigInt(body.user_id), body.asset, BigInt(body.amount), body.memo, body.request_id);
    return { transaction_id: Number(r.transactionId), balance: r.balance.toString() };
  });
}
