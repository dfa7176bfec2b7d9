import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { betDetail, betHistory } from './service.ts';

export function bettingRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  defineCall(app, deps, '/api/user/bet/history', member, ({ auth, body }) =>
    betHistory(deps, auth.subjectId, {
      gameType: body?.game_type,
      status: body?.status,
      startedAt: body?.startedAt,
      endedAt: body?.endedAt,
      skip: body?.skip ?? 0,
    }),
  );
  defineCall(app, deps, '/api/user/bet/detail', member, async ({ auth, body }) => ({ bet: await betDetail(deps, auth.subjectId, BigInt(body.id)) }));
}
