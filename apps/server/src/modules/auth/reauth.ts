import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import type { Auth, Client } from '../../platform/http.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { getSettings } from '../settings/index.ts';
import { openLoginGuard } from './login-guard.ts';
import * as repo from './repo.ts';
import * as tf from './repo-two-factor.ts';
import { checkSecondFactor, twoFactorNeed } from './two-factor.ts';

/** How long a re-authentication proof may wait for the change it allows. */
export const REAUTH_PROOF_MS = 5 * 60_000;
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * Re-authentication before a sensitive change (decision 050): the admin's password and, being
 * enrolled, a one-time code buy a proof bound to this session, valid five minutes and spent by
 * the one change it is presented with. Wrong passwords and codes count toward the login limits
 * of the account (login-guard.ts), so the proof is no side door for guessing.
 */
export async function reauthenticate(deps: Deps, auth: Auth, client: Client, password: string, otp: string | undefined) {
  if (auth.audience !== 'admin') throw forbidden();
  const admin = await repo.getAdmin(deps.db, auth.subjectId);
  if (!admin) throw forbidden();
  const s = await getSettings(deps.db);
  const guard = await openLoginGuard(deps, 'admin', admin.account, client.ip, s);
  if (!(await verifyPassword(admin.password_hash, password))) {
    await guard.failed();
    throw new AppError(401, ERROR_CODES.loginFailed, 'The password is incorrect.');
  }
  const need = await twoFactorNeed(deps.db, 'admin', auth.subjectId, s);
  if (need.enrolled) {
    if (!otp) {
      await guard.neutral();
      throw new AppError(401, ERROR_CODES.otpRequired, 'Enter the OTP authentication number.');
    }
    const r = await checkSecondFactor(deps, 'admin', auth.subjectId, otp);
    if (r !== 'ok') {
      await guard.failed();
      throw otpRefusal(r);
    }
  }
  await guard.passed();
  const token = deps.rng.bytes(24).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + REAUTH_PROOF_MS);
  await tf.insertProof(deps.db, sha256(token), auth.sessionId, expiresAt);
  return { reauth_token: token, expires_at: expiresAt.toISOString() };
}

/** Spends the proof a sensitive change was sent with; refused when missing, expired, used or another session's. */
export async function requireReauth(deps: Deps, auth: Auth, token: string | undefined, sql: Sql = deps.db) {
  if (!token || !(await tf.useProof(sql, sha256(token), auth.sessionId, deps.clock.now())))
    throw forbidden('Confirm your password and authentication number first.', ERROR_CODES.reauthRequired);
}

export const otpRefusal = (r: 'invalid' | 'replayed') =>
  r === 'replayed'
    ? new AppError(401, ERROR_CODES.otpReplayed, 'This authentication number was used already. Wait for the next one.')
    : new AppError(401, ERROR_CODES.otpInvalid, 'The authentication number is incorrect.');
