import { describe, expect, it } from 'vitest';
import { estimatedWin, hundredthsToOdds, oddsDirection, oddsToHundredths, totalOdds } from './odds-math.ts';

describe('odds math', () => {
  it('reads two-place decimal odds exactly', () => {
    expect(oddsToHundredths('1.95')).toBe(195n);
    expect(oddsToHundredths('2.1')).toBe(210n);
    expect(oddsToHundredths('3')).toBe(300n);
    expect(oddsToHundredths('1.955')).toBeNull();
    expect(oddsToHundredths('abc')).toBeNull();
    expect(hundredthsToOdds(105n)).toBe('1.05');
  });

  it('multiplies folders leg by leg, rounding each product down to two places (as the server does)', () => {
    expect(totalOdds([])).toBe('0.00');
    expect(totalOdds(['1.95'])).toBe('1.95');
    expect(totalOdds(['1.95', '2.10'])).toBe('4.09'); // 4.095
    // 0.1 + 0.2 style float drift must not appear: 1.10 × 1.10 × 1.10 = 1.331
    expect(totalOdds(['1.10', '1.10', '1.10'])).toBe('1.33');
    // 1.85 → 3.42 (3.4225) → 6.32 (6.327) → 11.69 (11.692), not the exact product's 11.71
    expect(totalOdds(['1.85', '1.85', '1.85', '1.85'])).toBe('11.69');
  });

  it('estimates winnings as stake × combined odds, down to the won, never from a float', () => {
    expect(estimatedWin('10000', ['1.95'])).toBe(19_500n);
    expect(estimatedWin('10001', ['1.95'])).toBe(19_501n); // 19501.95
    expect(estimatedWin('50000', ['1.85', '1.85', '1.85', '1.85'])).toBe(584_500n);
    expect(estimatedWin('9007199254740993', ['2.00'])).toBe(18014398509481986n);
    expect(estimatedWin('0', ['2.00'])).toBe(0n);
    expect(estimatedWin('abc', ['2.00'])).toBe(0n);
    expect(estimatedWin('1000', [])).toBe(0n);
  });

  it('tells which way odds moved', () => {
    expect(oddsDirection('1.90', '1.95')).toBe(1);
    expect(oddsDirection('1.90', '1.85')).toBe(-1);
    expect(oddsDirection('1.90', '1.9')).toBe(0);
    expect(oddsDirection(undefined, '1.9')).toBe(0);
  });
});
