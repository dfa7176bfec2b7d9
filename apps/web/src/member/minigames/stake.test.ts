import { describe, expect, test } from 'vitest';
import { combineOdds, estimatedWin } from './stake.ts';

describe('estimatedWin', () => {
  test('stake × odds, rounded down to the won', () => {
    expect(estimatedWin('10000', '1.95')).toBe(19_500n);
    expect(estimatedWin('333', '1.95')).toBe(649n);
    expect(estimatedWin('12345678901234567', '2')).toBe(24_691_357_802_469_134n);
  });

  test('no stake, bad stake or no odds: zero', () => {
    expect(estimatedWin('0', '1.95')).toBe(0n);
    expect(estimatedWin('1e5', '1.95')).toBe(0n);
    expect(estimatedWin('1000', null)).toBe(0n);
    expect(estimatedWin('1000', '1.955')).toBe(0n);
  });
});

describe('combineOdds', () => {
  test('each leg multiplies and rounds down to two places', () => {
    expect(combineOdds(['1.95', '1.95'])).toBe('3.80');
    expect(combineOdds(['3.1'])).toBe('3.10');
    expect(combineOdds(['x'])).toBeNull();
  });
});
