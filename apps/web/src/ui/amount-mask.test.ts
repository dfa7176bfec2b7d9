import { describe, expect, test } from 'vitest';
import { addAmount, caretAfterDigits, floorToUnit, isZeroAmount, maskAmount, shortAmount, toDigits } from './amount-mask.ts';

describe('amount masking', () => {
  test('keeps digits only, drops leading zeros, empty is 0', () => {
    expect(toDigits('')).toBe('0');
    expect(toDigits('0')).toBe('0');
    expect(toDigits('000')).toBe('0');
    expect(toDigits('0012')).toBe('12');
    expect(toDigits('1,000,000')).toBe('1000000');
    expect(toDigits(' 12a3-4 ')).toBe('1234');
    expect(toDigits('12.5')).toBe('125');
    expect(toDigits('99999999999999999')).toHaveLength(13);
  });

  test('shows commas, sends digits', () => {
    expect(maskAmount('0')).toBe('0');
    expect(maskAmount('1000')).toBe('1,000');
    expect(maskAmount('1000000')).toBe('1,000,000');
    expect(maskAmount('9999999999999')).toBe('9,999,999,999,999');
  });

  test('quick-add sums as integers and never overflows the field', () => {
    expect(addAmount('0', 10_000)).toBe('10000');
    expect(addAmount('10000', 50_000)).toBe('60000');
    expect(addAmount('1,000,000', 1_000_000n)).toBe('2000000');
    expect(addAmount('9999999999999', 10_000)).toBe('9999999999999');
  });

  test('full amount floors to the unit', () => {
    expect(floorToUnit('123456', '10000')).toBe('120000');
    expect(floorToUnit('9999', 10_000)).toBe('0');
    expect(floorToUnit('123456', null)).toBe('123456');
    expect(floorToUnit('123456', 1)).toBe('123456');
  });

  test('zero check', () => {
    expect(isZeroAmount('0')).toBe(true);
    expect(isZeroAmount('')).toBe(true);
    expect(isZeroAmount('10')).toBe(false);
  });

  test('the caret stays after the same digits once commas move', () => {
    expect(caretAfterDigits('1,000', 0)).toBe(0);
    expect(caretAfterDigits('1,000', 1)).toBe(1);
    expect(caretAfterDigits('1,000', 2)).toBe(3);
    expect(caretAfterDigits('1,000', 4)).toBe(5);
    expect(caretAfterDigits('1,000', 9)).toBe(5);
    expect(caretAfterDigits('12,345,678', 5)).toBe(6);
  });

  test('quick-add labels in ten-thousands or K/M', () => {
    expect(shortAmount(10_000, '만')).toBe('1만');
    expect(shortAmount(1_000_000, '만')).toBe('100만');
    expect(shortAmount(10_000_000, '万')).toBe('1,000万');
    expect(shortAmount(10_000, '')).toBe('10K');
    expect(shortAmount(500_000, '')).toBe('500K');
    expect(shortAmount(1_000_000, '')).toBe('1M');
    expect(shortAmount(5_000, '만')).toBe('5K');
  });
});
