import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { betBaccarat, openSession, spinSlot, verifyRound } from './service.ts';

/**
 * The house vendor's game calls. They carry the vendor's launch token, not the member session
 * (`auth: 'none'`): the wallet decides whether token and user belong together.
 */
export function houseVendorRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/house/session', { auth: 'none' }, ({ body }) => openSession(deps, body));
  defineCall(app, deps, '/api/house/slot/spin', { auth: 'none' }, ({ body }) => spinSlot(deps, body));
  defineCall(app, deps, '/api/house/baccarat/bet', { auth: 'none' }, ({ body }) => betBaccarat(deps, body));
  defineCall(app, deps, '/api/house/round/verify', { auth: 'none' }, ({ body }) => verifyRound(deps, body.round_id));
}
