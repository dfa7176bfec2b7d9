import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { protectionReport } from './report.ts';
import { continueRealityCheck, realityCheck } from './service.ts';
import { memberStatement } from './statement.ts';

/** The member's reality check (issue 23, decision 058), the activity statement and the admin's protection report (decision 059). */
export function protectionRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required', changes: 'none' } as const;
  defineCall(app, deps, '/api/user/realityCheck/get', member, ({ auth }) => realityCheck(deps, auth));
  defineCall(app, deps, '/api/user/realityCheck/continue', member, ({ auth }) => continueRealityCheck(deps, auth));
  defineCall(app, deps, '/api/user/statement', member, ({ auth, body }) => memberStatement(deps, auth.subjectId, body));
  defineCall(app, deps, '/api/admin/reports/protection', { auth: 'required' }, ({ body }) => protectionReport(deps, body));
}
