import QRCode from 'qrcode';
import { ERROR_CODES, type Audience } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Actor, Auth } from '../../platform/http.ts';
import { writeAudit } from '../audit/index.ts';
import { getUser } from '../members/index.ts';
import { getSettings, type Settings } from '../settings/index.ts';
import * as repo from './repo.ts';
import * as tf from './repo-two-factor.ts';
import { hashRecoveryCode, matchStep, newRecoveryCodes, newSecret, openSecret, otpauthUri, sealSecret } from './totp.ts';

/** The name an authenticator app lists the account under. */
const ISSUER = { admin: 'Wager Admin', agent: 'Wager Partner' } as const;

type TwoFactorNeed = { enrolled: boolean; required: boolean; allowed: boolean };

const audienceOf = (audience: Audience): tf.TwoFactorAudience | null => (audience === 'user' ? null : audience);

/**
 * Who needs a second factor (decision 050): every admin; an agent when the setting
 * two_factor_agents is 'required', may enrol when it is 'optional'; members never. Whoever has
 * enrolled is always asked for a code, whatever the setting says later.
 */
export async function twoFactorNeed(sql: Sql, audience: Audience, subjectId: bigint, s: Settings): Promise<TwoFactorNeed> {
  const who = audienceOf(audience);
  if (!who) return { enrolled: false, required: false, allowed: false };
  const row = await tf.find(sql, who, subjectId);
  const enrolled = Boolean(row?.secret_enc);
  if (who === 'admin') return { enrolled, required: true, allowed: true };
  return { enrolled, required: s.two_factor_agents === 'required', allowed: s.two_factor_agents !== 'off' };
}

export type SecondFactorResult = 'ok' | 'invalid' | 'replayed';

/**
 * Checks a one-time code (6 digits, a step not used before) or a recovery code (used once).
 * The step or the recovery code is spent by the same statement that checks it, so two requests
 * with one code cannot both pass.
 */
export async function checkSecondFactor(deps: Deps, audience: Audience, subjectId: bigint, code: string): Promise<SecondFactorResult> {
  const who = audienceOf(audience);
  const row = who ? await tf.find(deps.db, who, subjectId) : undefined;
  if (!who || !row?.secret_enc) return 'invalid';
  const now = deps.clock.now();
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await matchStep(openSecret(row.secret_enc), trimmed, now);
    if (step === null) return 'invalid';
    return (await tf.useStep(deps.db, who, subjectId, step)) ? 'ok' : 'replayed';
  }
  return (await tf.useRecoveryCode(deps.db, who, subjectId, hashRecoveryCode(trimmed), now)) ? 'ok' : 'invalid';
}

export async function twoFactorStatus(deps: Deps, auth: Auth) {
  const s = await getSettings(deps.db);
  const need = await twoFactorNeed(deps.db, auth.audience, auth.subjectId, s);
  const who = audienceOf(auth.audience);
  return {
    enabled: need.enrolled,
    required: need.required,
    allowed: need.allowed,
    recovery_codes_left: need.enrolled && who ? await tf.recoveryLeft(deps.db, who, auth.subjectId) : 0,
  };
}

async function accountOf(deps: Deps, who: tf.TwoFactorAudience, id: bigint) {
  const a = who === 'admin' ? await repo.getAdmin(deps.db, id) : await getUser(deps.db, id);
  if (!a) throw notFound('Account not found.', ERROR_CODES.notFound);
  return a.account;
}

/**
 * Enrolment, step 1: a fresh secret, kept as pending until its first code confirms it. The
 * secret, its otpauth URI and the QR code are shown this once; a second call replaces them.
 */
export async function beginEnrolment(deps: Deps, auth: Auth, actor: Actor) {
  const s = await getSettings(deps.db);
  const need = await twoFactorNeed(deps.db, auth.audience, auth.subjectId, s);
  const who = audienceOf(auth.audience);
  if (!who || !need.allowed) throw forbidden('Two-factor authentication is not available for this account.', ERROR_CODES.twoFactorNotAllowed);
  if (need.enrolled) throw conflict('Two-factor authentication is already set up.', ERROR_CODES.twoFactorAlreadyEnabled);
  const secret = newSecret(deps.rng);
  const uri = otpauthUri(ISSUER[who], await accountOf(deps, who, auth.subjectId), secret);
  await deps.db.tx(async (sql) => {
    await tf.savePending(sql, who, auth.subjectId, sealSecret(secret, deps.rng));
    await writeAudit(sql, deps.clock, { actor, action: 'two_factor.begin', target: `${who}:${auth.subjectId}` });
  });
  return { secret, otpauth_uri: uri, qr_data_url: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/**
 * Enrolment, step 2: the first code from the app turns the pending secret on, this session
 * may do everything from now on, and the recovery codes are shown once (stored hashed).
 */
export async function confirmEnrolment(deps: Deps, auth: Auth, actor: Actor, code: string) {
  const who = audienceOf(auth.audience);
  if (!who) throw forbidden('Two-factor authentication is not available for this account.', ERROR_CODES.twoFactorNotAllowed);
  const row = await tf.find(deps.db, who, auth.subjectId);
  if (row?.secret_enc) throw conflict('Two-factor authentication is already set up.', ERROR_CODES.twoFactorAlreadyEnabled);
  if (!row?.pending_secret_enc) throw badRequest('Start the set-up again.', 'code', ERROR_CODES.twoFactorNotStarted);
  const pending = row.pending_secret_enc;
  const step = await matchStep(openSecret(pending), code.trim(), deps.clock.now());
  if (step === null) throw badRequest('The authentication number is incorrect.', 'code', ERROR_CODES.otpInvalid);
  const codes = newRecoveryCodes(deps.rng);
  await deps.db.tx(async (sql) => {
    if (!(await tf.enable(sql, who, auth.subjectId, pending, step, deps.clock.now())))
      throw conflict('Two-factor authentication is already set up.', ERROR_CODES.twoFactorAlreadyEnabled);
    await tf.replaceRecoveryCodes(sql, who, auth.subjectId, codes.map(hashRecoveryCode));
    await tf.endPending(sql, auth.sessionId);
    await writeAudit(sql, deps.clock, { actor, action: 'two_factor.enable', target: `${who}:${auth.subjectId}` });
  });
  return codes;
}

/**
 * The super admin clears another admin's second factor (a lost phone): the admin's sessions
 * end and the next password login is sent to enrolment again. Audited.
 */
export async function resetAdminTwoFactor(deps: Deps, actor: Actor, adminId: bigint) {
  if (actor.type === 'admin' && actor.id === adminId)
    throw badRequest('You cannot reset your own two-factor authentication.', 'admin_id', ERROR_CODES.twoFactorResetSelf);
  const admin = await repo.getAdmin(deps.db, adminId);
  if (!admin) throw notFound('Admin not found.', ERROR_CODES.adminNotFound);
  await deps.db.tx(async (sql) => {
    if (!(await tf.remove(sql, 'admin', adminId))) throw new AppError(409, ERROR_CODES.twoFactorNotEnabled, 'This admin has no two-factor authentication.');
    await repo.revokeAll(sql, 'admin', adminId, deps.clock.now(), 'two_factor_reset');
    await writeAudit(sql, deps.clock, { actor, action: 'two_factor.reset', target: `admin:${adminId}`, before: { account: admin.account } });
  });
}

/**
 * An admin of the members area (write) clears an agent's second factor (a lost phone): the
 * agent's sessions end and the next login goes to enrolment when agents must have one. Audited.
 */
export async function resetAgentTwoFactor(deps: Deps, actor: Actor, agentId: bigint) {
  const agent = await getUser(deps.db, agentId);
  if (!agent || agent.role === 'user') throw notFound('Agent not found.', ERROR_CODES.notFound);
  await deps.db.tx(async (sql) => {
    if (!(await tf.remove(sql, 'agent', agentId))) throw new AppError(409, ERROR_CODES.twoFactorNotEnabled, 'This agent has no two-factor authentication.');
    await repo.revokeAll(sql, 'agent', agentId, deps.clock.now(), 'two_factor_reset');
    await writeAudit(sql, deps.clock, { actor, action: 'two_factor.reset', target: `agent:${agentId}`, before: { account: agent.account } });
  });
}

/** Which of these admins have a second factor (the roles screen's admin list). */
export const adminsWithTwoFactor = (deps: Deps, ids: bigint[]) => tf.enabledAmong(deps.db, 'admin', ids);

/** The seed's demo admins: enrolled with a published secret, like their published password (README). */
export async function enrolWithSecret(sql: Sql, deps: Deps, adminId: bigint, secret: string) {
  await tf.savePending(sql, 'admin', adminId, sealSecret(secret, deps.rng));
  const row = await tf.find(sql, 'admin', adminId);
  await tf.enable(sql, 'admin', adminId, row.pending_secret_enc!, 0, deps.clock.now());
}
