import { afterEach, describe, expect, test } from 'vitest';
import { currencyLabel, formatMoney, formatPoints, groupThousands, operatingCurrency, setOperatingCurrency } from './money.ts';

// Intl puts a no-break space between number and sign in some locales.
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

afterEach(() => setOperatingCurrency('KRW'));

describe('money formatting', () => {
  test('groups thousands without ever using a float', () => {
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('-1234567')).toBe('-1,234,567');
    // Beyond Number.MAX_SAFE_INTEGER a float would round; BigInt does not.
    expect(groupThousands('9007199254740993123')).toBe('9,007,199,254,740,993,123');
  });

  test('shows the operating currency (KRW) in every language, never relabelled', () => {
    expect(operatingCurrency()).toBe('KRW');
    expect(formatMoney('300000', 'ko')).toBe('300,000원');
    expect(formatMoney('300000', 'en')).toBe('₩300,000');
    expect(formatMoney('300000', 'ja')).toBe('₩300,000');
    expect(formatMoney('300000', 'th')).toBe('₩300,000');
    expect(plain(formatMoney('300000', 'vi'))).toBe('300.000 ₩');
    for (const lang of ['en', 'ja', 'th', 'vi']) {
      const shown = formatMoney('300000', lang);
      expect(shown).not.toMatch(/[$¥￥円₫฿]/);
    }
    expect(formatMoney('-2500', 'en')).toBe('-₩2,500');
    expect(formatMoney('-2500', 'ko')).toBe('-2,500원');
    expect(formatMoney(null, 'ko')).toBe('0원');
  });

  test('formats large amounts exactly (bigint through Intl, no float)', () => {
    expect(formatMoney('9007199254740993123', 'en')).toBe('₩9,007,199,254,740,993,123');
  });

  test('follows the operating currency the server sends', () => {
    setOperatingCurrency('JPY');
    expect(formatMoney('300000', 'ja')).toBe('￥300,000');
    expect(formatMoney('300000', 'ko')).not.toContain('원');
    expect(currencyLabel('ko')).not.toBe('원');
    setOperatingCurrency(undefined);
    expect(operatingCurrency()).toBe('KRW');
    expect(formatMoney('1000', 'ko', 'VND')).not.toContain('원');
  });

  test('labels the amount field with the currency sign', () => {
    expect(currencyLabel('ko')).toBe('원');
    expect(currencyLabel('en')).toBe('₩');
    expect(currencyLabel('vi')).toBe('₩');
  });

  test('points are numbers with their unit, not money', () => {
    expect(formatPoints('1000', 'ko')).toBe('1,000P');
    expect(formatPoints('1000', 'vi')).toBe('1.000P');
    expect(formatPoints('-50', 'en')).toBe('-50P');
  });

  test('leaves a value that is not an integer string as it came', () => {
    expect(groupThousands('12.5')).toBe('12.5');
    expect(formatMoney('12.5', 'en')).toBe('12.5');
  });
});
