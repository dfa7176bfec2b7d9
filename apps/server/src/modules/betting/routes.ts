import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { betDetail, betHistory, subtreeBets, type BetNames } from './service.ts';

/** `names`: the game owners' names for history rows, handed in by app.ts (decision 045). */
export function bettingRoutes(app: FastifyInstance, deps: Deps, names?: BetNames) {
  const member = { auth: 'required' } as const;
  defineCall(app, deps, '/api/user/bet/history', member, ({ auth, body, lang }) =>
    betHistory(
      deps,
      auth.subjectId,
      {
        gameType: body?.game_type,
        status: body?.status,
        startedAt: body?.startedAt,
        endedAt: body?.endedAt,
        skip: body?.skip ?? 0,
      },
      names,
      lang,
    ),
  );
  // The admin's list of every bet (decision 041): every member, or one member, or an agent's subtree.
  defineCall(app, deps, '/api/admin/bet/list', { auth: 'required' }, ({ body, lang }) =>
    subtreeBets(
      deps,
      { account: body.account || undefined, agentAccount: body.agent || undefined },
      { gameType: body.game_type, game: body.game || undefined, status: body.status, startedAt: body.startedAt, endedAt: body.endedAt, skip: body.skip },
      names,
      lang,
    ),
  );
  defineCall(app, deps, '/api/user/bet/detail', member, async ({ auth, body, lang }) => ({
    bet: await betDetail(deps, auth.subjectId, BigInt(body.id), names, lang),
  }));
}
