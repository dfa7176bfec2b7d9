import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import * as stats from './service.ts';

/** Agent statistics and zeus pages (spec §2, issue 18) and the admin's (issue 19); decision 030. */
export function statisticsRoutes(app: FastifyInstance, deps: Deps) {
  const user = { auth: 'required' } as const;
  defineCall(app, deps, '/api/agent/statistics/total', user, ({ auth, body }) => stats.total(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/statistics/rolling', user, ({ auth, body }) => stats.rolling(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/statistics/days', user, ({ auth, body }) => stats.days(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/zeus/home', user, ({ auth }) => stats.home(deps, auth.subjectId));
  defineCall(app, deps, '/api/agent/zeus/statistics/rolling', user, ({ auth, body }) => stats.zeusRolling(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/zeus/daily-bettings', user, ({ auth, body }) => stats.dailyBettings(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/zeus/user-daily-bettings', user, ({ auth, body }) => stats.memberBettings(deps, auth.subjectId, body, true));
  defineCall(app, deps, '/api/agent/zeus/role-user-daily-bettings', user, ({ auth, body }) => stats.roleBettings(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/agent/zeus/total-user-bettings', user, ({ auth, body }) => stats.memberBettings(deps, auth.subjectId, body, false));

  defineCall(app, deps, '/api/admin/statistics/daily', user, ({ body }) => stats.adminDaily(deps, body));
  defineCall(app, deps, '/api/admin/statistics/tiers', user, ({ body }) => stats.adminTiers(deps, body));
  defineCall(app, deps, '/api/admin/statistics/ranking', user, ({ body }) => stats.adminRanking(deps, body));
}
