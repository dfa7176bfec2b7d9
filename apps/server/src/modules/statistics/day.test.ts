import { describe, expect, it } from 'vitest';
import { addDays, daysOf, kstDay, kstStart, MAX_DAYS, resolveRange } from './day.ts';
import { paybackRate } from './shape.ts';

describe('KST days', () => {
  it('a day starts at 15:00 UTC the evening before', () => {
    expect(kstDay(new Date('2026-03-01T14:59:59.999Z'))).toBe('2026-03-01');
    expect(kstDay(new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
    expect(kstStart('2026-03-02').toISOString()).toBe('2026-03-01T15:00:00.000Z');
    expect(kstDay(kstStart('2026-12-31'))).toBe('2026-12-31');
  });

  it('a range defaults to today, swaps reversed ends and keeps at most its last year', () => {
    const now = new Date('2026-11-26T16:00:00Z'); // 01:00 on 27 November in Seoul
    expect(resolveRange(now, undefined)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(resolveRange(now, { from: '2026-11-01' })).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(resolveRange(now, { from: '2026-11-20', to: '2026-11-10' })).toEqual({ from: '2026-11-10', to: '2026-11-20' });
    const long = resolveRange(now, { from: '2020-01-01', to: '2026-11-27' });
    expect(daysOf(long)).toHaveLength(MAX_DAYS);
    expect(long.from).toBe(addDays('2026-11-27', 1 - MAX_DAYS));
  });

  it('payback rate in percent with two decimals, rounded half up; none without bets', () => {
    expect(paybackRate(0n, 0n)).toBeNull();
    expect(paybackRate(40_000n, 170_000n)).toBe('23.53');
    expect(paybackRate(1n, 3n)).toBe('33.33');
    expect(paybackRate(2n, 3n)).toBe('66.67');
    expect(paybackRate(300n, 100n)).toBe('300.00');
  });
});
