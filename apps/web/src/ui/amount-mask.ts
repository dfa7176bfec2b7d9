import { groupThousands } from '../lib/money.ts';

/**
 * Pure helpers behind AmountInput. An amount is kept as a string of digits ("1000000"), shown
 * with commas ("1,000,000") and sent without them: it never passes through a float.
 */

/** 13 digits (just under ten trillion) is far above any limit and still a safe integer. */
export const MAX_AMOUNT_DIGITS = 13;

/** Whatever was typed or pasted → digits without leading zeros; nothing at all becomes "0". */
export function toDigits(raw: string): string {
  const digits = raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_AMOUNT_DIGITS);
  return digits === '' ? '0' : digits;
}

/** "1000000" → "1,000,000". */
export function maskAmount(digits: string): string {
  return groupThousands(toDigits(digits));
}

/** digits + n, kept to MAX_AMOUNT_DIGITS (a further tap does nothing rather than overflow). */
export function addAmount(digits: string, add: number | bigint | string): string {
  const sum = BigInt(toDigits(digits)) + BigInt(add);
  const text = sum.toString();
  return text.length > MAX_AMOUNT_DIGITS ? toDigits(digits) : text;
}

/** The largest multiple of `unit` not above `digits` (the "full amount" of an exchange in units of 10,000). */
export function floorToUnit(digits: string, unit?: string | number | null): string {
  const value = BigInt(toDigits(digits));
  const u = unit === null || unit === undefined ? 0n : BigInt(unit);
  if (u <= 1n) return value.toString();
  return ((value / u) * u).toString();
}

export function isZeroAmount(digits: string): boolean {
  return toDigits(digits) === '0';
}

/** Where the caret goes in `formatted` so that `digitCount` digits stand before it. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i])) seen++;
    if (seen === digitCount) return i + 1;
  }
  return formatted.length;
}

/**
 * A quick-add label: "1만", "100만" where the language counts in ten-thousands (`myriad` is its
 * word), else "10K", "1M".
 */
export function shortAmount(n: number, myriad: string): string {
  if (myriad && n >= 10_000 && n % 10_000 === 0) return `${groupThousands(String(n / 10_000))}${myriad}`;
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${groupThousands(String(n / 1_000_000))}M`;
  if (n >= 1_000 && n % 1_000 === 0) return `${groupThousands(String(n / 1_000))}K`;
  return groupThousands(String(n));
}
