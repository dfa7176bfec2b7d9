import { rollingJson } from '@wager/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkChildRates,
  losingRateOf,
  formatRate,
  parseRate,
  RATE_SCALE,
  RateError,
  ratesOf,
  ROLLING_GAME_TYPES,
  supportKindOf,
  ROLLING_KEYS,
  rollingGameTypeOf,
  type Rates,
} from './rates.ts';

describe('parseRate', () => {
  it('reads percents as exact units of 0.0001 %', () => {
    expect(parseRate(0.7)).toBe(7_000n);
    expect(parseRate('1.25')).toBe(12_500n);
    expect(parseRate(' 1.25 ')).toBe(12_500n);
    expect(parseRate('1.250000')).toBe(12_500n);
    expect(parseRate('0.0001')).toBe(1n);
    expect(parseRate('0.01')).toBe(100n); // one basis point
    expect(parseRate(0.1)).toBe(1_000n);
    expect(parseRate(0.3)).toBe(3_000n); // 0.1 + 0.2 style float noise never enters
    expect(parseRate(100)).toBe(RATE_SCALE);
    expect(parseRate('0')).toBe(0n);
    expect(parseRate('5.')).toBe(50_000n);
  });

  it('refuses more precision than a rate keeps, negatives, above 100 % and non-numbers', () => {
    for (const bad of ['0.00005', 0.00001, 1.23456, '-1', -0.5, '100.0001', 101, 'abc', '', '.5', '1e-3', Number.NaN, Infinity, 1e21, 1e-7])
      expect(() => parseRate(bad), String(bad)).toThrow(RateError);
  });

  it('round-trips every rate through its text and through the number a rolling_json holds', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, RATE_SCALE), (units) => {
        expect(parseRate(formatRate(units))).toBe(units);
        expect(parseRate(Number(formatRate(units)))).toBe(units);
      }),
    );
  });

  it('formats the shortest text', () => {
    expect(formatRate(12_500n)).toBe('1.25');
    expect(formatRate(RATE_SCALE)).toBe('100');
    expect(formatRate(1n)).toBe('0.0001');
    expect(formatRate(100n)).toBe('0.01');
    expect(formatRate(0n)).toBe('0');
  });
});

describe('rolling game types', () => {
  it('map to keys the contracts rolling_json has', () => {
    for (const key of Object.values(ROLLING_KEYS)) expect(Object.keys(rollingJson.shape)).toContain(key);
    expect(ROLLING_GAME_TYPES).toHaveLength(7);
  });

  it('come from a bet row', () => {
    expect(rollingGameTypeOf({ gameType: 'sports', betType: 'single' })).toBe('sports_single');
    expect(rollingGameTypeOf({ gameType: 'sports', betType: 'combo' })).toBe('sports_combination');
    expect(rollingGameTypeOf({ gameType: 'minigame', betType: 'single' })).toBe('minigame');
    expect(rollingGameTypeOf({ gameType: 'minigame', betType: 'single', powerball: true })).toBe('powerball_single');
    expect(rollingGameTypeOf({ gameType: 'minigame', betType: 'combo', powerball: true })).toBe('powerball_combination');
    expect(rollingGameTypeOf({ gameType: 'casino', betType: 'single' })).toBe('casino');
    expect(rollingGameTypeOf({ gameType: 'slot', betType: 'single' })).toBe('slot');
    expect(() => rollingGameTypeOf({ gameType: 'lottery', betType: 'single' })).toThrow();
  });

  it('read the seven rates, the losing rate and the two support rates of a rolling_json, a missing key as 0', () => {
    const r = ratesOf({ sports_single_percent: 1.5, sports_percent: '2', casino_percent: 0.7, casino_lose_percent: 9 });
    expect(r).toEqual({
      sports_single: 15_000n,
      sports_combination: 20_000n,
      minigame: 0n,
      powerball_single: 0n,
      powerball_combination: 0n,
      casino: 7_000n,
      slot: 0n,
      losing: 0n,
      support_casino: 0n,
      support_slot: 0n,
    });
  });
});

describe('checkChildRates', () => {
  const parent = ratesOf({ sports_single_percent: 1, sports_percent: 1, casino_percent: 0.7, slot_percent: 0.5 });

  it('names every game type where the child is above its parent, and allows equal or lower', () => {
    const child = ratesOf({ sports_single_percent: 1, sports_percent: 1.0001, casino_percent: 0.5, minigame_percent: 0.1 });
    expect(checkChildRates(parent, child)).toEqual([
      { gameType: 'sports_combination', key: 'sports_percent', parent: 10_000n, child: 10_001n },
      { gameType: 'minigame', key: 'minigame_percent', parent: 0n, child: 1_000n },
    ]);
    expect(checkChildRates(parent, parent)).toEqual([]);
  });

  it('is empty exactly when no child rate exceeds its parent', () => {
    const rates = fc.record(Object.fromEntries(ROLLING_GAME_TYPES.map((t) => [t, fc.bigInt(0n, 20_000n)])) as Record<keyof Rates, fc.Arbitrary<bigint>>);
    fc.assert(
      fc.property(rates, rates, (p, c) => {
        const breaches = checkChildRates(p, c);
        expect(breaches.map((b) => b.gameType)).toEqual(ROLLING_GAME_TYPES.filter((t) => c[t] > p[t]));
      }),
    );
  });
});

describe('the losing rate (decision 031)', () => {
  it('is read from losing_percent and held to the parent rule like the rolling rates', () => {
    const parent = ratesOf({ losing_percent: 10, casino_percent: 1 });
    expect(losingRateOf({ losing_percent: '12.5' })).toBe(125_000n);
    expect(parent.losing).toBe(100_000n);
    expect(checkChildRates(parent, ratesOf({ losing_percent: 10, casino_percent: 1 }))).toEqual([]);
    expect(checkChildRates(parent, ratesOf({ losing_percent: 10.0001 }))).toEqual([
      { gameType: 'losing', key: 'losing_percent', parent: 100_000n, child: 100_001n },
    ]);
  });
});

describe('the support rate (decision 043)', () => {
  it('is per game type, held to the parent rule like rolling', () => {
    const parent = ratesOf({ support_casino_percent: 0.5, support_slot_percent: '0.25' });
    expect([parent.support_casino, parent.support_slot]).toEqual([5_000n, 2_500n]);
    expect(checkChildRates(parent, ratesOf({ support_casino_percent: 0.5, support_slot_percent: 0.25 }))).toEqual([]);
    expect(checkChildRates(parent, ratesOf({ support_slot_percent: 0.2501 }))).toEqual([
      { gameType: 'support_slot', key: 'support_slot_percent', parent: 2_500n, child: 2_501n },
    ]);
  });

  it('applies only to casino and slot bets of an outside vendor', () => {
    expect(supportKindOf({ gameType: 'casino', vendor: 'evolution' })).toBe('support_casino');
    expect(supportKindOf({ gameType: 'slot', vendor: 'pragmatic' })).toBe('support_slot');
    expect(supportKindOf({ gameType: 'casino', vendor: 'house' })).toBeNull();
    expect(supportKindOf({ gameType: 'slot', vendor: null })).toBeNull();
    expect(supportKindOf({ gameType: 'sports', vendor: 'evolution' })).toBeNull();
    expect(supportKindOf({ gameType: 'minigame', vendor: null })).toBeNull();
  });
});
