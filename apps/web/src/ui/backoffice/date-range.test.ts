import { describe, expect, it } from 'vitest';
import { addDays, quickRange, todayRange } from './date-range.tsx';

describe('todayRange (the KST day)', () => {
  it('is still the UTC date until 15:00 UTC', () => {
    expect(todayRange(new Date('2026-03-10T14:59:59.999Z'))).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });

  it('turns to the next day at 15:00 UTC (midnight in Seoul)', () => {
    expect(todayRange(new Date('2026-03-10T15:00:00Z'))).toEqual({ from: '2026-03-11', to: '2026-03-11' });
  });

  it('is already tomorrow around UTC midnight', () => {
    expect(todayRange(new Date('2026-03-10T23:59:59Z'))).toEqual({ from: '2026-03-11', to: '2026-03-11' });
    expect(todayRange(new Date('2026-03-11T00:00:00Z'))).toEqual({ from: '2026-03-11', to: '2026-03-11' });
  });

  it('crosses a month and a year end in KST', () => {
    expect(todayRange(new Date('2026-12-31T15:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});

describe('quickRange', () => {
  const now = new Date('2026-03-01T16:00:00Z'); // 2026-03-02 01:00 KST
  it('counts yesterday, 7 days and this month from the KST day', () => {
    expect(quickRange('today', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(quickRange('yesterday', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(quickRange('last7', now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(quickRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-02' });
  });

  it('moves days across month ends and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
