import { afterEach, describe, expect, it } from 'vitest';
import { localDay } from './date.ts';

const tz = process.env.TZ;
afterEach(() => {
  process.env.TZ = tz;
});

describe('localDay', () => {
  it("is the reader's calendar day, not the UTC one", () => {
    process.env.TZ = 'Asia/Seoul';
    // 00:30 in Seoul on the 25th is still the 24th in UTC.
    expect(localDay(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
    expect(localDay(new Date('2026-11-24T14:30:00Z'))).toBe('2026-11-24');
  });
});
