import { CURRENCY_BY_LANGUAGE } from '@wager/contracts';

/** Symbols written before the number; the others follow it (10,000원, 10,000円). */
const PREFIXED = new Set(['$', '฿']);

/** "1234567" → "1,234,567". Integer strings only: money never passes through a float. */
export function groupThousands(value: string | bigint): string {
  let n: bigint;
  try {
    n = typeof value === 'bigint' ? value : BigInt(value.trim() || '0');
  } catch {
    return String(value);
  }
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/** Money as shown to a person: grouped digits with the currency of the interface language. */
export function formatMoney(value: string | bigint | null | undefined, lang: string): string {
  const grouped = groupThousands(value ?? '0');
  const symbol = CURRENCY_BY_LANGUAGE[lang] ?? CURRENCY_BY_LANGUAGE.ko;
  if (PREFIXED.has(symbol)) return grouped.startsWith('-') ? `-${symbol}${grouped.slice(1)}` : `${symbol}${grouped}`;
  return `${grouped}${symbol}`;
}
