import { z } from 'zod';
import { moneyString, text } from './common.ts';

/** A member's identity status as an admin sets it (issue 23, decision 058); no status set reads as 'unverified'. */
export const IDENTITY_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

const identityLine = z.object({ status: z.enum(IDENTITY_STATUSES), document_note: z.string(), admin_id: z.number(), at: z.string() });
const memberIdentity = z.object({ status: z.enum(IDENTITY_STATUSES), current: identityLine.nullable(), history: z.array(identityLine) });

/**
 * The reality check of this session (decision 058): `next_due_at` is null when the setting is off;
 * `due` says the check is to be shown now. Figures are of this session: its length in minutes, and
 * the bets settled since it started (stakes, payouts, and `net` = payouts − stakes, the player's win).
 */
export const realityCheck = z.object({
  interval_minutes: z.number(),
  session_started_at: z.string(),
  next_due_at: z.string().nullable(),
  due: z.boolean(),
  session_minutes: z.number(),
  stakes: moneyString,
  payouts: moneyString,
  net: moneyString,
});
export type RealityCheck = z.infer<typeof realityCheck>;

export const protectionCalls = {
  /** The member's reality check state and this session's figures. */
  '/api/user/realityCheck/get': { body: z.object({}).optional(), data: realityCheck },
  /** The player chose to continue: the next check is one interval from now. */
  '/api/user/realityCheck/continue': { body: z.object({}).optional(), data: realityCheck },
  /** The admin member detail's identity panel: the status, the document noted, and its history. */
  '/api/admin/member/identity/get': { body: z.object({ user_id: z.number().int().positive() }), data: memberIdentity },
  /** Sets a player's identity status with a note of the document the admin saw; audited. */
  '/api/admin/member/identity/set': {
    body: z.object({ user_id: z.number().int().positive(), status: z.enum(IDENTITY_STATUSES), note: text.min(1).max(500) }),
    data: memberIdentity,
  },
} as const;
