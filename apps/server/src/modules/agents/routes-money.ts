import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { moveAgentMoney } from './money.ts';
import { agentDeskListRoutes } from './routes-desk.ts';

/** Agent grants and reclaims to sub-accounts (spec §7; decision 029). Casino pay-in/out stay in the casino module. */
export function agentMoneyRoutes(app: FastifyInstance, deps: Deps) {
  const agent = { auth: 'required' } as const;
  defineCall(app, deps, '/api/agent/user/point/update', agent, ({ actor, body }) =>
    moveAgentMoney(deps, actor, {
      asset: 'point',
      status: body.status,
      amount: (body.point ?? body.money)!, // the contract requires one of them
      userId: BigInt(body.user_id),
      memo: body.memo,
      requestId: body.request_id,
    }),
  );
  defineCall(app, deps, '/api/agent/child/money/update', agent, ({ actor, body }) =>
    moveAgentMoney(deps, actor, {
      asset: 'money',
      status: body.status,
      amount: body.money,
      userId: BigInt(body.user_id),
      memo: body.memo,
      requestId: body.request_id,
    }),
  );
  // The subtree's charge and exchange requests (decision 032): the other money reads of the partner site.
  agentDeskListRoutes(app, deps);
}
