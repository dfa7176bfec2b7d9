/** Currency symbol per interface language (spec §9). */
export const CURRENCY_BY_LANGUAGE: Record<string, string> = {
  ko: '원',
  ja: '円',
  vi: '₫',
  th: '฿',
  en: '$',
};
