import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { agentLoginInfo, listRoles } from './service.ts';

export function agentRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/agent/getAgentInfo', { auth: 'required', duringInspection: true }, ({ auth }) => agentLoginInfo(deps, auth.subjectId));
  defineCall(app, deps, '/api/agent/user/getRoles', { auth: 'required' }, async () => ({ roles: await listRoles(deps.db) }));
}
