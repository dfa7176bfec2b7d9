import { describe, expect, it } from 'vitest';
import { oddsText, playerOdds, toHundredths } from './player-odds.ts';

const base = { provider: 'primary' as const, margin_percent: 0, odds_adjust: 0, highest_odds: null };
const m = (...xs: [number | null, number | null][]) => xs.map(([primary, secondary]) => ({ primary, secondary }));

describe('player odds', () => {
  it('passes the chosen provider through untouched without settings', () => {
    expect(playerOdds(m([195, 200], [190, 185]), base)).toEqual([195, 190]);
    expect(playerOdds(m([195, 200], [190, 185]), { ...base, provider: 'secondary' })).toEqual([200, 185]);
  });

  it('scales a market to return 100 − margin %', () => {
    // 2.00 / 2.00 returns 100 %; a 10 % margin makes it 1.80 / 1.80 (returns 90 %).
    expect(playerOdds(m([200, null], [200, null]), { ...base, margin_percent: 10 })).toEqual([180, 180]);
    // 1.90 / 1.90 returns 95 %; margin 5 keeps it, margin 3 raises it to return 97 %.
    expect(playerOdds(m([190, null], [190, null]), { ...base, margin_percent: 5 })).toEqual([190, 190]);
    const up = playerOdds(m([190, null], [190, null]), { ...base, margin_percent: 3 }) as number[];
    expect(up).toEqual([194, 194]);
    const three = playerOdds(m([250, null], [320, null], [300, null]), { ...base, margin_percent: 8 }) as number[];
    const ret = 1 / three.reduce((a, o) => a + 100 / o, 0);
    expect(ret).toBeLessThanOrEqual(0.92);
    expect(ret).toBeGreaterThan(0.91);
  });

  it('adds the odds-sum adjustment, caps at the highest odds and never goes below 1.01', () => {
    expect(playerOdds(m([195, null], [205, null]), { ...base, odds_adjust: -5 })).toEqual([190, 200]);
    expect(playerOdds(m([102, null], [1500, null]), { ...base, odds_adjust: -5, highest_odds: 12.5 })).toEqual([101, 1250]);
  });

  it('leaves an outcome the chosen provider does not price unoffered', () => {
    expect(playerOdds(m([null, 190], [190, 190]), base)).toEqual([null, 190]);
  });

  it('formats and parses two places exactly', () => {
    expect(oddsText(101)).toBe('1.01');
    expect(oddsText(1250)).toBe('12.50');
    expect(toHundredths('1.95')).toBe(195);
    expect(toHundredths(2.3)).toBe(230);
  });
});
