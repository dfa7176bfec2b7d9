/**
 * One money formatter for the whole web app (decision 013). Amounts are integers of the site's
 * operating currency (a server setting, KRW by default, sent in the system context); the reader's
 * language changes how the number is written, never which currency it is.
 */

const LOCALE_OF: Record<string, string> = { ko: 'ko-KR', ja: 'ja-JP', vi: 'vi-VN', th: 'th-TH', en: 'en-US' };
const DEFAULT_CURRENCY = 'KRW';

let operating = DEFAULT_CURRENCY;

/**
 * Called by each tree's context fetch as the answer arrives (settings.currency), before React
 * renders that answer, so every amount rendered from it uses the currency it came with.
 */
export function setOperatingCurrency(code: string | undefined | null): void {
  operating = code || DEFAULT_CURRENCY;
}

export function operatingCurrency(): string {
  return operating;
}

function toBigInt(value: string | bigint | null | undefined): bigint | null {
  if (typeof value === 'bigint') return value;
  const text = (value ?? '0').trim() || '0';
  return /^-?\d+$/.test(text) ? BigInt(text) : null;
}

/** "1234567" → "1,234,567". Integer strings only: money never passes through a float. */
export function groupThousands(value: string | bigint): string {
  const n = toBigInt(value);
  if (n === null) return String(value);
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, currency: string | null): Intl.NumberFormat {
  const key = `${lang}|${currency ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    const locale = LOCALE_OF[lang] ?? LOCALE_OF.ko;
    f = currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 })
      : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    cache.set(key, f);
  }
  return f;
}

/** Korean readers write won after the number ("300,000원"), as every Korean site does. */
function isKoreanWon(lang: string, currency: string): boolean {
  return lang === 'ko' && currency === 'KRW';
}

/**
 * Money as shown to a person: the operating currency written the reader's way
 * (ko "300,000원", en/ja/th "₩300,000", vi "300.000 ₩"). Intl formats the bigint itself.
 */
export function formatMoney(value: string | bigint | null | undefined, lang: string, currency: string = operating): string {
  const n = toBigInt(value);
  if (n === null) return String(value);
  if (isKoreanWon(lang, currency)) return `${groupThousands(n)}원`;
  return numberFormat(lang, currency).format(n);
}

/** The currency sign written beside an amount field ("원" in Korean, else "₩"). */
export function currencyLabel(lang: string, currency: string = operating): string {
  if (isKoreanWon(lang, currency)) return '원';
  return (
    numberFormat(lang, currency)
      .formatToParts(0n)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

/** Points, eggs and counts are not money: the number the reader's way, with its unit label. */
export function formatUnits(value: string | bigint | null | undefined, lang: string, unit = ''): string {
  const n = toBigInt(value);
  if (n === null) return String(value);
  return `${numberFormat(lang, null).format(n)}${unit}`;
}

/** Points as shown to a person ("1,000P"; vi "1.000P"). */
export function formatPoints(value: string | bigint | null | undefined, lang: string): string {
  return formatUnits(value, lang, 'P');
}
