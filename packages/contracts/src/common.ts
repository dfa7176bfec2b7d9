import { z } from 'zod';

/** Every JSON answer is wrapped: `{ result: true, data }` or `{ result: false, data: {}, error }`. */
/**
 * `rule` and `params` come with code 'validation' (a body that fails its schema): the rule that
 * failed (required, too_small, too_big, invalid_format, invalid_type, invalid_value, custom) and
 * its bounds, so the web words the message in the player's language.
 */
export type ApiError = { code: string; message: string; field?: string; rule?: string; params?: Record<string, string | number> };
export type ApiOk<T> = { result: true; data: T; renewSessionToken?: string };
export type ApiFail = { result: false; data: Record<string, never>; error: ApiError };
export type ApiAnswer<T> = ApiOk<T> | ApiFail;

/**
 * Text PostgreSQL can store: no NUL character (text columns refuse it) and no lone UTF-16
 * surrogate (it has no UTF-8 form). Every string a caller sends is built from `text` so a
 * hostile string is a 400 naming the field, never a database error.
 */
const UNSTORABLE = /\u0000|\p{Surrogate}/u;
export const isStorableText = (v: string) => !UNSTORABLE.test(v);
export const text = z.string().refine(isStorableText, {
  message: 'must not contain NUL or unpaired surrogate characters',
  params: { code: 'invalid_text' },
});

/** The path of the first string (or key) in a JSON value that is not storable text, else null. */
export function findUnstorableText(v: unknown, at: (string | number)[] = []): (string | number)[] | null {
  if (typeof v === 'string') return isStorableText(v) ? null : at;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const hit = findUnstorableText(v[i], [...at, i]);
      if (hit) return hit;
    }
  } else if (v !== null && typeof v === 'object') {
    for (const [k, item] of Object.entries(v)) {
      if (!isStorableText(k)) return [...at, k];
      const hit = findUnstorableText(item, [...at, k]);
      if (hit) return hit;
    }
  }
  return null;
}

/** Free-form JSON (settings values) with the same text rule at any depth. */
export const storableJson = z.unknown().check((ctx) => {
  const at = findUnstorableText(ctx.value);
  if (at)
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      path: at,
      message: 'must not contain NUL or unpaired surrogate characters',
      params: { code: 'invalid_text' },
    });
});

/**
 * Money travels as a decimal integer string ("150000") so no amount ever passes through
 * a float.
 */
export const moneyString = z.string().regex(/^-?\d+$/);

/**
 * The one amount parser. An amount is a whole number of at most 15 digits, typed as digits
 * ("10000") or with well-placed thousands separators ("10,000"); a safe integer number is
 * accepted too. 15 digits keeps every sum far from the bigint column limit; the per-call
 * maximums (charge, exchange) come from settings and are checked by the services.
 */
export const AMOUNT_MAX_DIGITS = 15;
export const AMOUNT_MAX = 10n ** BigInt(AMOUNT_MAX_DIGITS) - 1n;
const AMOUNT_TEXT = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;

/** "10,000" → 10000n; a negative amount only when `signed`; null when it is not an amount. */
export function parseAmount(raw: unknown, opts: { signed?: boolean } = {}): bigint | null {
  let n: bigint;
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw)) return null;
    n = BigInt(raw);
  } else if (typeof raw === 'string') {
    const t = raw.trim();
    const negative = opts.signed === true && t.startsWith('-');
    const body = negative ? t.slice(1) : t;
    if (!AMOUNT_TEXT.test(body)) return null;
    const digits = body.replace(/,/g, '').replace(/^0+(?=\d)/, '');
    if (digits.length > AMOUNT_MAX_DIGITS) return null;
    n = negative ? -BigInt(digits) : BigInt(digits);
  } else return null;
  if (n > AMOUNT_MAX || n < -AMOUNT_MAX || (n < 0n && opts.signed !== true)) return null;
  return n;
}

const amountOf = (signed: boolean) =>
  z.union([z.number(), z.string().max(40)]).transform((v, ctx) => {
    const n = parseAmount(v, { signed });
    if (n !== null) return n;
    ctx.addIssue({
      code: 'custom',
      message: `must be a whole ${signed ? '' : 'non-negative '}amount of at most ${AMOUNT_MAX_DIGITS} digits, such as 10000 or 10,000`,
      params: { code: 'invalid_amount' },
    });
    return z.NEVER;
  });
/** A non-negative amount (0 is left to the service's own minimum rule). */
export const amountInput = amountOf(false);
export const positiveAmount = amountInput.refine((v) => v > 0n, { message: 'must be greater than 0', params: { code: 'invalid_amount' } });
/** An amount that may be negative (an admin reclaiming a balance). */
export const signedAmount = amountOf(true);

export { LANGUAGES, AUDIENCES, MEMBER_STATUSES, ROLES, ERROR_CODES, OPERATING_CURRENCIES, RESTRICTIONS } from './constants.ts';
export type { Language, Audience, MemberStatus, RoleName, Restriction } from './constants.ts';
import { LANGUAGES, ROLES, type RoleName } from './constants.ts';
export const language = z.enum(LANGUAGES);

/** Spec §7 login device: mobile or PC, sent in Korean. */
export const device = z.enum(['모바일', 'PC']).default('PC');

export const account = text
  .trim()
  .min(3)
  .max(30)
  .regex(/^[A-Za-z0-9_]+$/, 'letters, digits and _ only');
export const password = text.min(4).max(100);
export const nickname = text.trim().min(2).max(20);
export const path = text.max(500).default('/');
export const emptyBody = z.object({}).passthrough().optional();

export const roleName = z.enum(ROLES.map((r) => r.name) as [RoleName, ...RoleName[]]);
