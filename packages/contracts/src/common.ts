import { z } from 'zod';

/** Every JSON answer is wrapped: `{ result: true, data }` or `{ result: false, data: {}, error }`. */
export type ApiError = { code: string; message: string; field?: string };
export type ApiOk<T> = { result: true; data: T; renewSessionToken?: string };
export type ApiFail = { result: false; data: Record<string, never>; error: ApiError };
export type ApiAnswer<T> = ApiOk<T> | ApiFail;

/**
 * Money travels as a decimal integer string ("150000") so no amount ever passes through
 * a float. Inputs also accept a safe integer number or a comma-grouped string ("1,000").
 */
export const moneyString = z.string().regex(/^-?\d+$/);
export const amountInput = z
  .union([z.number().int().safe(), z.string().max(20).regex(/^\s*-?[\d,]+\s*$/, 'must be a whole number')])
  .transform((v) => BigInt(String(v).replace(/[,\s]/g, '')));
export const positiveAmount = amountInput.refine((v) => v > 0n, { message: 'must be greater than 0' });

export { LANGUAGES, AUDIENCES, MEMBER_STATUSES, ROLES, ERROR_CODES, OPERATING_CURRENCIES, RESTRICTIONS } from './constants.ts';
export type { Language, Audience, MemberStatus, RoleName, Restriction } from './constants.ts';
import { LANGUAGES, ROLES, type RoleName } from './constants.ts';
export const language = z.enum(LANGUAGES);

/** Spec §7 login device: mobile or PC, sent in Korean. */
export const device = z.enum(['모바일', 'PC']).default('PC');

export const account = z.string().trim().min(3).max(30).regex(/^[A-Za-z0-9_]+$/, 'letters, digits and _ only');
export const password = z.string().min(4).max(100);
export const nickname = z.string().trim().min(2).max(20);
export const path = z.string().max(500).default('/');
export const emptyBody = z.object({}).passthrough().optional();

export const roleName = z.enum(ROLES.map((r) => r.name) as [RoleName, ...RoleName[]]);
