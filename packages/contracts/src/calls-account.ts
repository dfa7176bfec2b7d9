import { z } from 'zod';
import { emptyBody, text } from './common.ts';
import { requestId } from './calls-banking.ts';

const ok = z.object({ ok: z.literal(true) });

/**
 * Spec §5/§9: the SMS certification number is 6 digits, sent as a number. Codes are issued
 * from 100000 to 999999, so the number form never loses a leading zero; a 6-digit string is
 * accepted too.
 */
export const smsCode = z
  .union([z.number().int(), text.max(20)])
  .transform(String)
  .pipe(z.string().regex(/^\d{6}$/, 'must be 6 digits'));

/** Spec §5: a member password is at least 4 characters, digits. */
export const memberPassword = text.min(4).max(100).regex(/^\d+$/, 'digits only');

/** Member account calls: the join form's bank list, password change, clearing conversion history. */
export const accountCalls = {
  /** Spec §3 bank list, served from the server's table so the form and the join rule agree. */
  '/api/user/join/getBanks': { body: emptyBody, data: z.object({ banks: z.array(z.string()), minimum_age: z.number().int() }) },
  /** Spec §5 password change: current, new and confirm-new; refused when users_can_change_password is off. */
  '/api/user/changePassword': {
    body: z.object({
      current_password: text.min(1).max(100),
      new_password: memberPassword,
      confirm_password: text.min(1).max(100),
      request_id: requestId,
    }),
    data: ok,
  },
  /** Spec §8 "clear all transition details": hides the member's conversion records from their own history. */
  '/api/user/bank/clearConversions': { body: z.object({ request_id: requestId }), data: z.object({ cleared: z.number() }) },
} as const;
