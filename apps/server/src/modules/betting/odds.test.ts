import { describe, expect, it } from 'vitest';
import { combine, hundredthsToOdds, oddsToHundredths, payout } from './odds.ts';

describe('odds arithmetic', () => {
  it('parses and prints two-decimal odds exactly', () => {
    expect(oddsToHundredths('1.95')).toBe(195n);
    expect(oddsToHundredths('2')).toBe(200n);
    expect(oddsToHundredths('3.5')).toBe(350n);
    expect(hundredthsToOdds(1005n)).toBe('10.05');
    expect(() => oddsToHundredths('1.955')).toThrow();
    expect(() => oddsToHundredths('-1')).toThrow();
  });
  it('pays floor(stake × odds) in whole won', () => {
    expect(payout(10_000n, '1.95')).toBe(19_500n);
    expect(payout(3_333n, '1.95')).toBe(6_499n); // 6499.35 rounds down
    expect(payout(9_007_199_254_740_993n, '2.00')).toBe(18_014_398_509_481_986n);
  });
  it('combines legs by multiplying, rounding each step down', () => {
    expect(combine(['1.95', '2.10'])).toBe('4.09'); // 4.095
    expect(combine(['1.50', '1.50', '1.50'])).toBe('3.37');
  });
});
