import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { cashOutSportsBet, quoteCashouts } from './cashout.ts';

/** Cash-out calls (contracts: calls-sports-bets.ts, decision 048). */
export function sportsCashoutRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  defineCall(app, deps, '/api/user/sports/cashout/quote', { ...member, changes: 'none' }, ({ auth, body }) =>
    quoteCashouts(
      deps,
      auth.subjectId,
      body.bet_ids.map((id) => BigInt(id)),
    ),
  );
  defineCall(app, deps, '/api/user/sports/cashout', { ...member, changes: 'balance' }, ({ auth, body }) =>
    cashOutSportsBet(deps, auth.subjectId, { requestId: body.request_id, betId: BigInt(body.bet_id), offered: body.offered, amount: body.amount }),
  );
}
