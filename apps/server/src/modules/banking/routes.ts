import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { AppError } from '../../platform/errors.ts';
import { getBalances, userHistory } from '../ledger/index.ts';
import { getUser } from '../members/index.ts';
import * as banking from './service.ts';
import { conversionOut } from './conversions.ts';
import { periodOf } from './agent-desk.ts';
import { agentDeskRoutes } from './agent-routes.ts';
import { bulkApprove, conversionHistory } from './admin-records.ts';

export function bankingRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  const range = (body?: { startedAt?: string; endedAt?: string }) => periodOf(deps, body);
  const balancesOf = async (id: bigint) => {
    const b = await getBalances(deps.db, id);
    return { money: b.money.toString(), point: b.point.toString(), egg: b.egg.toString(), balance: b.casino.toString() };
  };

  defineCall(app, deps, '/api/user/bank/getLimits', member, () => banking.limits(deps));
  defineCall(app, deps, '/api/user/bank/getChargeAccount', member, ({ auth, body }) =>
    banking.chargeAccount(deps, auth.subjectId, auth.sessionId, body?.bank_password),
  );
  defineCall(app, deps, '/api/user/bank/charge', member, async ({ auth, body }) => ({
    request: banking.toBankRequest(
      await banking.requestCharge(deps, auth.subjectId, {
        amount: body.charge_money,
        depositorName: body.depositor_name,
        bankPassword: body.bank_password,
        requestId: body.request_id,
        bonusGame: body.bonus_game,
      }),
    ),
  }));
  defineCall(app, deps, '/api/user/bank/exchange', member, async ({ auth, body }) => {
    const r = await banking.requestExchange(deps, auth.subjectId, {
      amount: body.exchange_money,
      bankPassword: body.bank_password,
      requestId: body.request_id,
    });
    return { request: banking.toBankRequest(r), money: (await getBalances(deps.db, auth.subjectId)).money.toString() };
  });
  for (const [path, type] of [
    ['/api/user/bank/getAccountChargeLogs', 'charge'],
    ['/api/user/bank/getAccountExchangeLogs', 'exchange'],
  ] as const)
    defineCall(app, deps, path, member, async ({ auth, body }) => {
      const [from, to] = await range(body);
      const r = await banking.userLogs(deps, auth.subjectId, type, from, to, body?.skip ?? 0);
      return { logs: r.rows.map(banking.toBankRequest), total: r.total };
    });
  defineCall(app, deps, '/api/user/bank/getPointLogs', member, async ({ auth, body }) => {
    const [from, to] = await range(body);
    const r = await userHistory(deps.db, auth.subjectId, 'point', from, to, body?.skip ?? 0, 10);
    return {
      total: r.total,
      logs: r.rows.map((p) => ({
        id: Number(p.id),
        kind: p.kind,
        content: p.memo ?? p.kind,
        existing_point: p.balance_before.toString(),
        updated_point: p.balance_after.toString(),
        created_at: p.created_at.toISOString(),
      })),
    };
  });
  defineCall(app, deps, '/api/user/bank/convertPoint', member, async ({ auth, body }) => ({
    conversion: conversionOut(await banking.convertPoint(deps, auth.subjectId, body.point, body.request_id)),
    balances: await balancesOf(auth.subjectId),
  }));
  defineCall(app, deps, '/api/user/bank/convertCasino', member, async ({ auth, body }) => {
    if (!body.all && body.amount === undefined) throw new AppError(400, 'validation', 'amount: is required', 'amount', { rule: 'required', params: {} });
    return {
      conversion: conversionOut(await banking.convertCasino(deps, auth.subjectId, body.direction, body.all ? null : body.amount!, body.request_id)),
      balances: await balancesOf(auth.subjectId),
    };
  });
  defineCall(app, deps, '/api/user/bank/convertEgg', member, async ({ auth, body }) => {
    const u = await getUser(deps.db, auth.subjectId);
    return {
      conversion: conversionOut(await banking.convertEgg(deps, auth.subjectId, u!.level, body.direction, body.amount, body.request_id)),
      balances: await balancesOf(auth.subjectId),
    };
  });
  defineCall(app, deps, '/api/user/bank/getConversions', member, async ({ auth, body }) => {
    const [from, to] = await range(body);
    const r = await banking.conversionLogs(deps, auth.subjectId, from, to, body?.skip ?? 0, body?.kinds);
    return { logs: r.rows.map(conversionOut), total: r.total };
  });
  defineCall(app, deps, '/api/user/bank/clearConversions', member, async ({ auth, body }) => ({
    cleared: await banking.clearConversions(deps, auth.subjectId, body.request_id),
  }));

  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/bank/list', admin, async ({ body }) => {
    const r = await banking.adminList(deps, body.type, body.status ?? null, body.skip, body.requester);
    return {
      total: r.total,
      rows: r.rows.map((x) => ({
        ...banking.toBankRequest(x),
        user_id: Number(x.user_id),
        account: x.account,
        nickname: x.nickname,
        level: x.level,
        role: x.role,
        holder_accounts: x.holder_accounts,
      })),
    };
  });
  agentDeskRoutes(app, deps);
  defineCall(app, deps, '/api/admin/bank/bulkApprove', admin, ({ actor, body }) => bulkApprove(deps, actor, body.type, body.ids, body.request_id));
  defineCall(app, deps, '/api/admin/conversion/list', admin, ({ body }) => conversionHistory(deps, body));
  defineCall(app, deps, '/api/admin/bank/process', admin, async ({ actor, body }) => ({
    request: banking.toBankRequest(await banking.processRequest(deps, actor, body.type, BigInt(body.id), body.action, body.memo)),
  }));
}
