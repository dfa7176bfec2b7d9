import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { reauthenticate } from './reauth.ts';
import { beginEnrolment, confirmEnrolment, resetAdminTwoFactor, resetAgentTwoFactor, twoFactorStatus } from './two-factor.ts';

/** Two-factor enrolment of the signed-in admin or agent, the super admin's reset, re-authentication (decision 050). */
export function twoFactorRoutes(app: FastifyInstance, deps: Deps) {
  const enrol = { auth: 'required', duringEnrolment: true } as const;
  for (const aud of ['admin', 'agent'] as const) {
    defineCall(app, deps, `/api/${aud}/twoFactor/status`, { ...enrol, changes: 'none' }, ({ auth }) => twoFactorStatus(deps, auth));
    defineCall(app, deps, `/api/${aud}/twoFactor/begin`, enrol, ({ auth, actor }) => beginEnrolment(deps, auth, actor));
    defineCall(app, deps, `/api/${aud}/twoFactor/confirm`, enrol, async ({ auth, actor, body }) => ({
      recovery_codes: await confirmEnrolment(deps, auth, actor, body.code),
    }));
  }
  defineCall(app, deps, '/api/admin/roles/twoFactorReset', { auth: 'required' }, async ({ actor, body }) => {
    await resetAdminTwoFactor(deps, actor, BigInt(body.admin_id));
    return { ok: true as const };
  });
  // An agent's: the members area (write), like the agent's other switches.
  defineCall(app, deps, '/api/admin/agent/twoFactorReset', { auth: 'required' }, async ({ actor, body }) => {
    await resetAgentTwoFactor(deps, actor, BigInt(body.user_id));
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/reauth', { auth: 'required' }, ({ auth, body, client }) => reauthenticate(deps, auth, client, body.password, body.otp));
}
