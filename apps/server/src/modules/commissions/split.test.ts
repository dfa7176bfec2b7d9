import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate, RATE_SCALE } from './rates.ts';
import { effectiveRates, reverse, splitLosing, splitRolling, type PathAgent, type Split } from './split.ts';

// Bottom-up: the member's direct agent first, the top agent last.
const pathOf = (...percents: string[]): PathAgent[] => percents.map((p, i) => ({ agentId: BigInt(i + 1), rate: parseRate(p) }));
const amounts = (s: Split) => s.parts.map((p) => p.amount);
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
const abs = (x: bigint) => (x < 0n ? -x : x);

// A chain of one to six agents whose rates never rise going down, often equal or zero.
const rate = fc.oneof(fc.constant(0n), fc.constantFrom(100n, 1_000n, 5_000n, 10_000n, 25_000n), fc.bigInt(0n, RATE_SCALE));
const toPath = (rates: bigint[]) => [...rates].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((r, i) => ({ agentId: BigInt(i + 1), rate: r }));
const validPath = fc.array(rate, { minLength: 1, maxLength: 6 }).map(toPath);
const sixTiers = fc.array(rate, { minLength: 6, maxLength: 6 }).map(toPath);
const anyPath = fc.oneof(validPath, sixTiers);
const bet = fc.oneof(fc.bigInt(0n, 10n ** 12n), fc.bigInt(0n, 10_000n), fc.constantFrom(0n, 1n, 999n, 10n ** 12n));
const decimals = fc.constantFrom(0, 1, 2, 4);

describe('splitRolling: hand-computed', () => {
  // 1.0 / 0.8 / 0.5 / 0.3 / 0.2 / 0.1 % from the top down, on 1,234,567 won. Cumulative floors from
  // the bottom: 1234.567→1234, 2469.134→2469, 3703.701→3703, 6172.835→6172, 9876.536→9876, 12345.67→12345.
  const path = pathOf('0.1', '0.2', '0.3', '0.5', '0.8', '1.0');

  it('pays whole won by cumulative floor', () => {
    const s = splitRolling(path, 1_234_567n);
    expect(amounts(s)).toEqual([1234n, 1235n, 1234n, 2469n, 3704n, 2469n]);
    expect(s.total).toBe(12_345n);
    expect(sum(amounts(s))).toBe(12_345n);
  });

  it('pays hundredths of a won with two decimals', () => {
    // In 0.01 won: 123456.7→123456, 246913.4→246913, 370370.1→370370, 617283.5→617283, 987653.6→987653, 1234567.
    const s = splitRolling(path, 1_234_567n, { decimals: 2 });
    expect(amounts(s)).toEqual([123_456n, 123_457n, 123_457n, 246_913n, 370_370n, 246_914n]);
    expect(s.total).toBe(1_234_567n);
  });

  it('caps a lower agent whose rate is above an upper one, so the chain still earns the top rate', () => {
    // 0.5 % under 0.3 % under 1.0 %: the bottom agent is capped at 0.3 %, the middle one earns nothing.
    const s = splitRolling(pathOf('0.5', '0.3', '1.0'), 1_000_000n);
    expect(amounts(s)).toEqual([3_000n, 0n, 7_000n]);
    expect(s.total).toBe(10_000n);
  });

  it('gives equal rates nothing above the lowest, and nothing at all on a void bet or an empty path', () => {
    expect(amounts(splitRolling(pathOf('0.5', '0.5', '0.5'), 10_000n))).toEqual([50n, 0n, 0n]);
    expect(splitRolling(pathOf('0.5', '1'), 0n)).toEqual({
      decimals: 0,
      total: 0n,
      parts: [
        { agentId: 1n, amount: 0n },
        { agentId: 2n, amount: 0n },
      ],
    });
    expect(splitRolling([], 1_000n)).toEqual({ decimals: 0, total: 0n, parts: [] });
  });

  it('refuses a negative bet and an unsupported unit', () => {
    expect(() => splitRolling(pathOf('1'), -1n)).toThrow(RangeError);
    expect(() => splitRolling(pathOf('1'), 1n, { decimals: 5 })).toThrow(RangeError);
    expect(() => splitRolling(pathOf('1'), 1n, { decimals: 1.5 })).toThrow(RangeError);
  });

  it('reverses to exact negatives', () => {
    const s = splitRolling(path, 1_234_567n);
    expect(amounts(reverse(s))).toEqual([-1234n, -1235n, -1234n, -2469n, -3704n, -2469n]);
    expect(reverse(s).total).toBe(-12_345n);
  });
});

describe('splitLosing: hand-computed', () => {
  const path = pathOf('3', '5');

  it('pays each agent its losing rate minus the one below', () => {
    // 3 % of 1,000,001 = 30000.03 → 30000; 5 % = 50000.05 → 50000.
    expect(amounts(splitLosing(path, 1_000_001n))).toEqual([30_000n, 20_000n]);
  });

  it('recovers a net win exactly as the same loss would pay, or settles nothing', () => {
    expect(amounts(splitLosing(path, -1_000_001n))).toEqual([-30_000n, -20_000n]);
    expect(splitLosing(path, -1_000_001n).total).toBe(-50_000n);
    expect(amounts(splitLosing(path, -1_000_001n, { netWin: 'none' }))).toEqual([0n, 0n]);
    expect(splitLosing(path, -1_000_001n, { netWin: 'none' }).total).toBe(0n);
  });
});

describe('splitRolling: properties', () => {
  it('parts are >= 0 and sum exactly to the chain total, floor(topRate × bet) in the unit', () => {
    fc.assert(
      fc.property(anyPath, bet, decimals, (path, b, d) => {
        const s = splitRolling(path, b, { decimals: d });
        const exact = path[path.length - 1].rate * b * 10n ** BigInt(d); // × RATE_SCALE
        expect(s.parts.every((p) => p.amount >= 0n)).toBe(true);
        expect(sum(amounts(s))).toBe(s.total);
        expect(s.total * RATE_SCALE <= exact).toBe(true);
        expect(exact < (s.total + 1n) * RATE_SCALE).toBe(true);
        expect(s.parts.map((p) => p.agentId)).toEqual(path.map((a) => a.agentId));
      }),
      { numRuns: 2000 },
    );
  });

  it('each part is within one unit of its exact share (own rate minus the rate below)', () => {
    fc.assert(
      fc.property(anyPath, bet, decimals, (path, b, d) => {
        const s = splitRolling(path, b, { decimals: d });
        const scaled = b * 10n ** BigInt(d);
        path.forEach((a, i) => {
          const share = (a.rate - (i === 0 ? 0n : path[i - 1].rate)) * scaled; // × RATE_SCALE
          expect(abs(s.parts[i].amount * RATE_SCALE - share) < RATE_SCALE).toBe(true);
        });
      }),
    );
  });

  it('reversing gives exact negatives and reverses back', () => {
    fc.assert(
      fc.property(anyPath, bet, decimals, (path, b, d) => {
        const s = splitRolling(path, b, { decimals: d });
        const r = reverse(s);
        expect(r.total).toBe(-s.total);
        r.parts.forEach((p, i) => {
          expect(p.agentId).toBe(s.parts[i].agentId);
          expect(p.amount + s.parts[i].amount).toBe(0n);
        });
        expect(reverse(r)).toEqual(s);
      }),
    );
  });

  it('splitting a sum of two bets differs from the sum of their splits by at most one unit per agent, and never pays less', () => {
    fc.assert(
      fc.property(anyPath, bet, bet, decimals, (path, a, b, d) => {
        const whole = splitRolling(path, a + b, { decimals: d });
        const x = splitRolling(path, a, { decimals: d });
        const y = splitRolling(path, b, { decimals: d });
        const diffs = whole.parts.map((p, i) => p.amount - x.parts[i].amount - y.parts[i].amount);
        expect(diffs.every((v) => abs(v) <= 1n)).toBe(true);
        expect(sum(diffs.map(abs)) <= BigInt(path.length)).toBe(true);
        const gap = whole.total - x.total - y.total;
        expect(gap === 0n || gap === 1n).toBe(true);
      }),
    );
  });

  it('per-bet splits of many bets total at most the split of their sum, and at most n − 1 units less', () => {
    fc.assert(
      fc.property(anyPath, fc.array(bet, { minLength: 1, maxLength: 20 }), decimals, (path, bets, d) => {
        const whole = splitRolling(path, sum(bets), { decimals: d }).total;
        const apart = sum(bets.map((b) => splitRolling(path, b, { decimals: d }).total));
        expect(apart <= whole).toBe(true);
        expect(whole - apart <= BigInt(bets.length - 1)).toBe(true);
      }),
    );
  });

  it('on any path, valid or not, parts are >= 0, no agent earns above its own rate share, and the chain earns the top rate', () => {
    const unsorted = fc.array(fc.record({ agentId: fc.bigInt(1n, 1000n), rate: fc.bigInt(-10n, RATE_SCALE) }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(unsorted, bet, (path, b) => {
        const s = splitRolling(path, b);
        const top = path[path.length - 1].rate > 0n ? path[path.length - 1].rate : 0n;
        expect(s.total).toBe((top * b) / RATE_SCALE);
        expect(sum(amounts(s))).toBe(s.total);
        s.parts.forEach((p, i) => {
          expect(p.amount >= 0n).toBe(true);
          const own = path[i].rate > 0n ? path[i].rate : 0n;
          expect(p.amount * RATE_SCALE <= own * b + RATE_SCALE).toBe(true);
        });
      }),
    );
  });

  it('on a valid path the effective rates are the agents’ own', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        expect(effectiveRates(path)).toEqual(path.map((a) => a.rate));
      }),
    );
  });
});

describe('splitLosing: properties', () => {
  const netLoss = fc.bigInt(-(10n ** 12n), 10n ** 12n);

  it('a loss splits as rolling does; a net win is its exact negative, or nothing', () => {
    fc.assert(
      fc.property(anyPath, netLoss, decimals, (path, n, d) => {
        const s = splitLosing(path, n, { decimals: d });
        const same = splitRolling(path, abs(n), { decimals: d });
        expect(s).toEqual(n >= 0n ? same : reverse(same));
        expect(sum(amounts(s))).toBe(s.total);
        const none = splitLosing(path, n, { decimals: d, netWin: 'none' });
        if (n < 0n) expect(none.parts.every((p) => p.amount === 0n) && none.total === 0n).toBe(true);
        else expect(none).toEqual(same);
      }),
    );
  });
});
