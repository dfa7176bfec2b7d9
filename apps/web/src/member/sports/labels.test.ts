import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { groupMarkets, handicapFor, marketLabel, periodText, pickLabel, shortLine, sideOf } from './labels.ts';

// A stand-in for i18next: the key and its options, so the test sees which text was asked for.
const t = ((key: string, opts?: Record<string, unknown>) => (opts ? `${key}(${Object.values(opts).join(',')})` : key)) as unknown as TFunction;

describe('sports labels', () => {
  it('reads period codes', () => {
    expect(periodText('q3')).toEqual({ key: 'quarter', n: 3 });
    expect(periodText('set2')).toEqual({ key: 'set', n: 2 });
    expect(periodText('i7t')).toEqual({ key: 'inningTop', n: 7 });
    expect(periodText('i11b')).toEqual({ key: 'inningBottom', n: 11 });
    expect(periodText('i7')).toEqual({ key: 'inning', n: 7 });
    expect(periodText('i1_5')).toEqual({ key: 'firstFive' });
    expect(periodText('1h')).toEqual({ key: '1h' });
    expect(periodText('weird')).toBeNull();
    expect(periodText(null)).toBeNull();
  });

  it('writes lines short and from the picked side', () => {
    expect(shortLine('-1.50')).toBe('-1.5');
    expect(shortLine('2.00')).toBe('2');
    expect(shortLine('0.25')).toBe('0.25');
    expect(handicapFor('-1.50', 'home')).toBe('-1.5');
    expect(handicapFor('-1.50', 'away')).toBe('+1.5');
    expect(handicapFor('0.75', 'home')).toBe('+0.75');
    expect(handicapFor('0.00', 'away')).toBe('0');
  });

  it('names markets and picks', () => {
    expect(marketLabel(t, { kind: '1x2', period: 'ft', line: null })).toBe('sports.kinds.1x2');
    expect(marketLabel(t, { kind: 'handicap', period: 'q1', line: '-3.50' })).toBe('sports.kinds.handicap · sports.periods.quarter(1) -3.5');
    expect(pickLabel(t, { kind: 'handicap', line: '-1.50' }, 'away', { home: 'H', away: 'A' })).toBe('A +1.5');
    expect(pickLabel(t, { kind: 'over_under', line: '2.50' }, 'over')).toBe('sports.picks.over 2.5');
    expect(pickLabel(t, { kind: '1x2', line: null }, 'draw', { home: 'H', away: 'A' })).toBe('sports.picks.draw');
    expect(pickLabel(t, { kind: 'moneyline', line: null }, 'home', { home: 'H', away: 'A' })).toBe('H');
    expect(pickLabel(t, { kind: 'correct_score_band', line: null }, '2-1')).toBe('2-1');
    expect(pickLabel(t, { kind: 'correct_score_band', line: null }, 'h3+')).toBe('sports.picks.homeBy(3)');
    expect(pickLabel(t, { kind: 'correct_score_band', line: null }, 'a3+')).toBe('sports.picks.awayBy(3)');
  });

  it('places outcomes on a domestic row and groups markets for the detail page', () => {
    expect(['home', 'draw', 'away', 'over', 'under', '1-0'].map(sideOf)).toEqual(['left', 'middle', 'right', 'left', 'right', null]);
    const groups = groupMarkets([
      { kind: 'handicap', period: '1h', line: '-0.50' },
      { kind: '1x2', period: 'ft', line: null },
      { kind: 'handicap', period: 'ft', line: '-1.50' },
      { kind: 'handicap', period: 'ft', line: '-2.50' },
    ]);
    expect(groups.map((g) => `${g.kind}|${g.period}|${g.markets.length}`)).toEqual(['1x2|ft|1', 'handicap|ft|2', 'handicap|1h|1']);
  });
});
