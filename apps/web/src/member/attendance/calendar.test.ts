import { describe, expect, it } from 'vitest';
import { bonusFor, monthGrid, shiftMonth } from './calendar.ts';

describe('attendance calendar', () => {
  it('lays a month out in Sunday-first weeks with empty cells around it', () => {
    const nov = monthGrid('2026-11'); // 1 Nov 2026 is a Sunday, 30 days
    expect(nov).toHaveLength(5);
    expect(nov[0]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(nov[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    const feb = monthGrid('2028-02'); // leap year, 1 Feb 2028 is a Tuesday
    expect(feb[0].slice(0, 3)).toEqual([null, null, '2028-02-01']);
    expect(feb.flat().filter(Boolean)).toHaveLength(29);
    expect(feb.every((w) => w.length === 7)).toBe(true);
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });

  it('pays the longest rule not above the run, 0 below the first', () => {
    const rules = [
      { streak_days: 3, point: 500 },
      { streak_days: 1, point: 100 },
      { streak_days: 7, point: 2000 },
    ];
    expect(bonusFor(rules, 0)).toBe(0);
    expect(bonusFor(rules, 1)).toBe(100);
    expect(bonusFor(rules, 2)).toBe(100);
    expect(bonusFor(rules, 3)).toBe(500);
    expect(bonusFor(rules, 6)).toBe(500);
    expect(bonusFor(rules, 30)).toBe(2000);
    expect(bonusFor([{ streak_days: 2, point: 50 }], 1)).toBe(0);
    expect(bonusFor([], 5)).toBe(0);
  });
});
