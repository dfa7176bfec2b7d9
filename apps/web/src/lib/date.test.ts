import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDateTime, formatTime, localDay, operatingOffset, setOperatingOffset } from './date.ts';

const tz = process.env.TZ;
beforeEach(() => setOperatingOffset(540));
afterEach(() => {
  process.env.TZ = tz;
  setOperatingOffset(undefined);
});

// Issue 20: a notice posted at 06:42 KST on the 27th is 21:42 UTC on the 26th.
const NOTICE = '2026-11-26T21:42:00Z';

describe('the one date formatter (operating time zone)', () => {
  it('writes an instant just before UTC midnight on the operating day, whatever the browser zone', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Seoul', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect(formatDate(NOTICE)).toBe('2026-11-27');
      expect(formatDateTime(NOTICE)).toBe('2026-11-27 06:42:00');
      expect(formatShortDateTime(NOTICE)).toBe('11-27 06:42');
      expect(formatTime(NOTICE)).toBe('06:42');
    }
  });

  it('turns the day at local midnight, not at UTC midnight', () => {
    expect(formatDateTime('2026-11-26T14:59:59Z')).toBe('2026-11-26 23:59:59');
    expect(formatDateTime('2026-11-26T15:00:00Z')).toBe('2026-11-27 00:00:00');
    expect(formatDate('2026-11-26T23:59:59.999Z')).toBe('2026-11-27');
    expect(formatDate('2026-11-27T00:00:00Z')).toBe('2026-11-27');
    expect(formatDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('follows the zone the context sends', () => {
    setOperatingOffset(0);
    expect(formatDate(NOTICE)).toBe('2026-11-26');
    expect(formatDateTime('2026-11-27T00:00:00Z')).toBe('2026-11-27 00:00:00');
    setOperatingOffset(420); // Bangkok / Ho Chi Minh City
    expect(formatDateTime(NOTICE)).toBe('2026-11-27 04:42:00');
    setOperatingOffset(-300);
    expect(formatDateTime('2026-11-27T03:00:00Z')).toBe('2026-11-26 22:00:00');
    expect(operatingOffset()).toBe(-300);
  });

  it('falls back to KST without a context, and shows text that is not a date as it is', () => {
    setOperatingOffset(undefined);
    expect(operatingOffset()).toBe(540);
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
  });

  it("localDay is the operating day for filters' defaults", () => {
    process.env.TZ = 'UTC';
    expect(localDay(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
    expect(localDay(new Date('2026-11-24T14:30:00Z'))).toBe('2026-11-24');
  });
});
