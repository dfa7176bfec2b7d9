import { z } from 'zod';
import { emptyBody, text } from './common.ts';

/** What a one-time code field takes: 6 digits from the app, or a recovery code (XXXXX-XXXXX). */
export const otpCode = text.trim().min(1).max(20);

const status = z.object({
  enabled: z.boolean(),
  /** Signing in needs it (every admin; agents when the setting says so). */
  required: z.boolean(),
  /** The account may enrol (agents: the setting is not 'off'). */
  allowed: z.boolean(),
  recovery_codes_left: z.number(),
});

const enrolment = z.object({
  /** Base32, for typing into an app by hand; shown this once. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qr_data_url: z.string(),
});

const confirmBody = z.object({ code: text.trim().regex(/^\d{6}$/, 'six digits') });
/** Shown once: each signs in one time instead of a code from the app. */
const recovery = z.object({ recovery_codes: z.array(z.string()) });

/** Two-factor login (issue 21, decision 050): enrolment of the signed-in admin or agent, the super admin's reset, re-authentication. */
export const twoFactorCalls = {
  '/api/admin/twoFactor/status': { body: emptyBody, data: status },
  '/api/agent/twoFactor/status': { body: emptyBody, data: status },
  /** A fresh secret, kept pending until `confirm`; calling again replaces it. */
  '/api/admin/twoFactor/begin': { body: emptyBody, data: enrolment },
  '/api/agent/twoFactor/begin': { body: emptyBody, data: enrolment },
  '/api/admin/twoFactor/confirm': { body: confirmBody, data: recovery },
  '/api/agent/twoFactor/confirm': { body: confirmBody, data: recovery },
  /** The super admin clears another admin's second factor; that admin enrols again at the next login. */
  '/api/admin/roles/twoFactorReset': {
    body: z.object({ admin_id: z.number().int().positive() }),
    data: z.object({ ok: z.literal(true) }),
  },
  /** An admin of the members area clears an agent's second factor; its sessions end. */
  '/api/admin/agent/twoFactorReset': {
    body: z.object({ user_id: z.number().int().positive() }),
    data: z.object({ ok: z.literal(true) }),
  },
  /** Password and one-time code again: a proof, five minutes, for one sensitive change of this session. */
  '/api/admin/reauth': {
    body: z.object({ password: text.min(1).max(100), otp: otpCode.optional() }),
    data: z.object({ reauth_token: z.string(), expires_at: z.string() }),
  },
} as const;
