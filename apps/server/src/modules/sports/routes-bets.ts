import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { cancelSportsBet, placeSportsBet, quoteSlip, sportsBetDetail } from './slip.ts';

/** The bet slip calls (contracts: calls-sports-bets.ts). */
export function sportsBetRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  // A placement moves only the member's balance; the ledger's notice covers it (issue #8).
  defineCall(app, deps, '/api/user/sports/bet/place', { ...member, changes: 'balance' }, ({ auth, body }) =>
    placeSportsBet(deps, auth.subjectId, {
      requestId: body.request_id,
      board: body.board,
      amount: body.amount,
      selections: body.selections,
      acceptHigherOdds: body.accept_higher_odds,
    }),
  );
  defineCall(app, deps, '/api/user/sports/slip/quote', member, ({ auth, body }) => quoteSlip(deps, auth.subjectId, body.board, body.outcome_ids));
  defineCall(app, deps, '/api/user/sports/bet/cancel', member, ({ auth, body }) => cancelSportsBet(deps, auth.subjectId, BigInt(body.bet_id)));
  defineCall(app, deps, '/api/user/sports/bet/detail', member, ({ auth, body, lang }) => sportsBetDetail(deps, auth.subjectId, BigInt(body.id), lang));
}
