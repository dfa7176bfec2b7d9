import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { generateURI, ScureBase32Plugin, verify } from 'otplib';
import type { Rng } from '../../platform/rng.ts';

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30-second steps, a
 * 20-byte secret in base32. A code of the step before or after the current one is accepted
 * (clock drift of a phone); the caller refuses a step at or before the last one used (replay).
 */
export const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;
const base32 = new ScureBase32Plugin();

/** A fresh secret from the injected randomness (base32, no padding). */
export function newSecret(rng: Rng) {
  return base32.encode(rng.bytes(20)).replace(/=+$/, '');
}

export function otpauthUri(issuer: string, account: string, secret: string) {
  return generateURI({ issuer, label: account, secret });
}

/** The time step a 6-digit code matches at `now` (±1 step), or null. */
export async function matchStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

// ---- secrets at rest: AES-256-GCM under a key derived from the configured TWO_FACTOR_KEY

/** Development-only key (never used when NODE_ENV=production). */
const DEV_TWO_FACTOR_KEY = 'two-factor-dev-key-not-for-production';

/**
 * The key of the stored secrets: env TWO_FACTOR_KEY; outside production a fixed development
 * constant; in production without it, enrolment and two-factor login fail loudly (never a
 * guessable default).
 */
function keyOf(env: NodeJS.ProcessEnv = process.env) {
  const key = env.TWO_FACTOR_KEY || (env.NODE_ENV === 'production' ? undefined : DEV_TWO_FACTOR_KEY);
  if (!key) throw new Error('TWO_FACTOR_KEY is not set: two-factor secrets cannot be read or stored.');
  return createHash('sha256').update(`two-factor:${key}`).digest();
}

export function sealSecret(secret: string, rng: Rng) {
  const iv = rng.bytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

export function openSecret(sealed: string) {
  const [v, iv, tag, body] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

// ---- recovery codes: 10 of XXXXX-XXXXX (50 random bits each), stored as SHA-256

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRecoveryCodes(rng: Rng) {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[rng.int(0, RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and the dash do not matter when a person types a recovery code back. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
