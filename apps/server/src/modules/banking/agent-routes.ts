import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { getBalances } from '../ledger/index.ts';
import { moneyReport, ownRequests, tradeReport } from './agent-desk.ts';
import { conversionOut } from './conversions.ts';
import * as banking from './service.ts';

/**
 * The agent's money desk (decision 032): its own charge, exchange and point conversion through the
 * member site's services with audience 'agent' (one set of rules), and the desk's reads.
 */
export function agentDeskRoutes(app: FastifyInstance, deps: Deps) {
  const agent = { auth: 'required' } as const;
  const page = (b: { skip: number; limit: number }) => ({ skip: b.skip, limit: b.limit });

  defineCall(app, deps, '/api/agent/bank/getLimits', agent, () => banking.limits(deps));
  defineCall(app, deps, '/api/agent/bank/getChargeAccount', agent, ({ auth, body }) =>
    banking.chargeAccount(deps, auth.subjectId, auth.sessionId, body?.bank_password),
  );
  defineCall(app, deps, '/api/agent/bank/charge', agent, async ({ auth, body }) => ({
    request: banking.toBankRequest(
      await banking.requestCharge(
        deps,
        auth.subjectId,
        { amount: body.charge_money, depositorName: body.depositor_name, bankPassword: body.bank_password, requestId: body.request_id },
        'agent',
      ),
    ),
  }));
  defineCall(app, deps, '/api/agent/bank/exchange', agent, async ({ auth, body }) => {
    const r = await banking.requestExchange(
      deps,
      auth.subjectId,
      { amount: body.exchange_money, bankPassword: body.bank_password, requestId: body.request_id },
      'agent',
    );
    return { request: banking.toBankRequest(r), money: (await getBalances(deps.db, auth.subjectId)).money.toString() };
  });
  defineCall(app, deps, '/api/agent/bank/convertPoint', agent, async ({ auth, body }) => {
    const c = await banking.convertPoint(deps, auth.subjectId, body.point, body.request_id, 'agent');
    const b = await getBalances(deps.db, auth.subjectId);
    return {
      conversion: conversionOut(c),
      balances: { money: b.money.toString(), point: b.point.toString(), egg: b.egg.toString(), balance: b.casino.toString() },
    };
  });

  defineCall(app, deps, '/api/agent/bank/logs', agent, async ({ auth, body }) => {
    const r = await ownRequests(deps, auth.subjectId, body, page(body));
    return { logs: r.rows.map(banking.toBankRequest), total: r.total, amount: r.amount.toString() };
  });
  // '/api/agent/bank/lowerLogs' is served by the agents module (routes-desk.ts), which owns the subtree check.
  defineCall(app, deps, '/api/agent/report/money', agent, async ({ auth, body }) => {
    const r = await moneyReport(deps, auth.subjectId, body, page(body));
    return {
      rows: r.rows.map((p) => ({
        id: Number(p.id),
        kind: p.kind,
        memo: p.memo,
        amount: p.amount.toString(),
        before: p.balance_before.toString(),
        after: p.balance_after.toString(),
        created_at: p.created_at.toISOString(),
      })),
      total: r.total,
      credit: r.credit.toString(),
      debit: r.debit.toString(),
    };
  });
  defineCall(app, deps, '/api/agent/report/trade', agent, ({ auth, body }) => tradeReport(deps, auth.subjectId, body, page(body)));
}
