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

export const LANGUAGES = ['ko', 'ja', 'vi', 'th', 'en'] as const;
export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;

/** Spec §7 login device: mobile or PC, sent in Korean. */
export const device = z.enum(['모바일', 'PC']).default('PC');

export const account = z.string().trim().min(3).max(30).regex(/^[A-Za-z0-9_]+$/, 'letters, digits and _ only');
export const password = z.string().min(4).max(100);
export const nickname = z.string().trim().min(2).max(20);
export const path = z.string().max(500).default('/');
export const emptyBody = z.object({}).passthrough().optional();

export const AUDIENCES = ['user', 'agent', 'admin'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Member and agent statuses (spec §3). */
export const MEMBER_STATUSES = ['normal_a', 'normal_b', 'withdrawn', 'test', 'pending', 'suspended', 'blocked', 'deleted'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Six agent tiers, top first; `propirty` (spelt as in the spec) is the tier order, members are 6. */
export const ROLES = [
  { name: 'top_hq', propirty: 0 },
  { name: 'main_hq', propirty: 1 },
  { name: 'sub_hq', propirty: 2 },
  { name: 'branch', propirty: 3 },
  { name: 'distributor', propirty: 4 },
  { name: 'shop', propirty: 5 },
  { name: 'user', propirty: 6 },
] as const;
export type RoleName = (typeof ROLES)[number]['name'];
export const roleName = z.enum(ROLES.map((r) => r.name) as [RoleName, ...RoleName[]]);

/** Error codes double as i18n keys on the web (errors.<code>). */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  sessionExpired: 'session_expired',
  forbidden: 'forbidden',
  loginFailed: 'login_failed',
  accountPending: 'account_pending',
  accountSuspended: 'account_suspended',
  accountBlocked: 'account_blocked',
  accountWithdrawn: 'account_withdrawn',
  ipBlocked: 'ip_blocked',
  ipNotAllowed: 'invalid request admin',
  rateLimited: 'rate_limited',
  inspection: 'inspection',
  conflict: 'conflict',
  insufficientFunds: 'insufficient_funds',
  joinFailed: 'join_failed',
  duplicateLogin: 'duplicate_login',
  internal: 'internal',
} as const;
