import { describe, expect, test } from 'vitest';
import { formatMoney, groupThousands } from './money.ts';

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

  test('adds the currency of the interface language', () => {
    expect(formatMoney('100000', 'ko')).toBe('100,000원');
    expect(formatMoney('100000', 'ja')).toBe('100,000円');
    expect(formatMoney('100000', 'vi')).toBe('100,000₫');
    expect(formatMoney('100000', 'th')).toBe('฿100,000');
    expect(formatMoney('-2500', 'en')).toBe('-$2,500');
    expect(formatMoney(null, 'ko')).toBe('0원');
  });

  test('leaves a value that is not an integer string as it came', () => {
    expect(groupThousands('12.5')).toBe('12.5');
  });
});
