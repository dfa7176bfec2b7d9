import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { memberBank, memberBets, memberDetail, memberLedger, memberSessions } from './detail.ts';
import { gameLogs } from './game-logs.ts';
import { agentMemberLimits, agentTightenLimits } from './limits.ts';

/** The member detail popup's reads and the game log pages (issue 18, decision 034); casino rounds are the casino module's. */
export function agentDetailRoutes(app: FastifyInstance, deps: Deps) {
  const agent = { auth: 'required' } as const;
  defineCall(app, deps, '/api/agent/user/detail', agent, async ({ auth, body }) => ({ user: await memberDetail(deps, auth.subjectId, BigInt(body.user_id)) }));
  defineCall(app, deps, '/api/agent/user/detail/ledger', agent, ({ auth, body }) => memberLedger(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/user/detail/bets', agent, ({ auth, body }) => memberBets(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/user/detail/bank', agent, ({ auth, body }) => memberBank(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/user/detail/sessions', agent, ({ auth, body }) => memberSessions(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/user/limits/get', agent, ({ auth, body }) => agentMemberLimits(deps, auth.subjectId, BigInt(body.user_id)));
  defineCall(app, deps, '/api/agent/user/limits/set', agent, ({ auth, actor, body }) =>
    agentTightenLimits(deps, actor, auth.subjectId, BigInt(body.user_id), body.limits),
  );
  defineCall(app, deps, '/api/agent/game/logs', agent, ({ auth, body }) => gameLogs(deps, auth.subjectId, body));
}
