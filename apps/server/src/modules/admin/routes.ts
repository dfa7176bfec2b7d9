import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { dashboard } from './service.ts';

/**
 * The admin dashboard only: every other admin call lives in the module that owns its data
 * (sessions and IP rules in auth, settings, members, audit, ledger, banking, board, messaging).
 */
export function adminRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/admin/dashboard', { auth: 'required' }, () => dashboard(deps));
}
