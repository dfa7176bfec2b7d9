import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import * as games from './service.ts';

export function minigameRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  const open = { auth: 'none' } as const;
  defineCall(app, deps, '/api/user/minigame/games', member, ({ auth, body }) => games.listGames(deps, auth.subjectId, body?.game));
  defineCall(app, deps, '/api/user/minigame/round', member, ({ body }) => games.currentRound(deps, body.game));
  // A placement moves only the member's balance; the ledger's notice covers it (issue #8).
  defineCall(app, deps, '/api/user/minigame/bet', { ...member, changes: 'balance' }, ({ auth, body }) =>
    games.placeMinigameBet(deps, auth.subjectId, {
      game: body.game,
      roundId: BigInt(body.round_id),
      market: body.market,
      pick: body.pick,
      amount: body.amount,
      odds: body.odds,
      requestId: body.request_id,
    }),
  );
  defineCall(app, deps, '/api/user/minigame/cancel', member, ({ auth, body }) => games.cancelMinigameBet(deps, auth.subjectId, BigInt(body.bet_id)));
  defineCall(app, deps, '/api/user/minigame/myBets', member, ({ auth, body }) =>
    games.memberRoundBets(deps, auth.subjectId, body.game, body.round_id === undefined ? null : BigInt(body.round_id), body.skip),
  );
  defineCall(app, deps, '/api/user/minigame/history', member, ({ body }) => games.roundHistory(deps, body.game, body.skip, body.limit));
  defineCall(app, deps, '/api/user/minigame/stats', member, ({ body }) => games.roundStats(deps, body.game, body.rounds));
  defineCall(app, deps, '/api/minigame/verify', open, ({ body }) => games.verification(deps, body.game, body.round));
  defineCall(app, deps, '/api/minigame/commitments', open, ({ body }) => games.commitments(deps, body.game));
}
