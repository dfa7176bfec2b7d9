import { describe, expect, test } from 'vitest';
import { clockOffset, formatCountdown, roundClock } from './round-clock.ts';

const times = { closesAt: '2026-11-23T10:00:50Z', drawsAt: '2026-11-23T10:01:00Z' };
const at = (iso: string) => Date.parse(iso);

describe('roundClock', () => {
  test('open until the close, closed until the draw, then drawing', () => {
    expect(roundClock(times, at('2026-11-23T10:00:20Z'))).toEqual({ phase: 'open', toClose: 30_000, toDraw: 40_000 });
    expect(roundClock(times, at('2026-11-23T10:00:55Z'))).toEqual({ phase: 'closed', toClose: 0, toDraw: 5_000 });
    expect(roundClock(times, at('2026-11-23T10:01:03Z'))).toEqual({ phase: 'drawing', toClose: 0, toDraw: 0 });
  });

  test('before the round opens it waits', () => {
    expect(roundClock({ ...times, opensAt: '2026-11-23T10:00:10Z' }, at('2026-11-23T10:00:05Z')).phase).toBe('waiting');
    expect(roundClock({ ...times, opensAt: '2026-11-23T10:00:10Z' }, at('2026-11-23T10:00:10Z')).phase).toBe('open');
  });

  test('the exact closing instant is already closed', () => {
    expect(roundClock(times, at('2026-11-23T10:00:50Z')).phase).toBe('closed');
  });
});

describe('clockOffset', () => {
  test('a server 90 s ahead of the browser gives +90 000 ms', () => {
    expect(clockOffset('2026-11-23T10:01:30Z', at('2026-11-23T10:00:00Z'))).toBe(90_000);
  });
  test('an unreadable time shifts nothing', () => {
    expect(clockOffset('soon', 0)).toBe(0);
  });
});

describe('formatCountdown', () => {
  test('minutes and seconds, hours when needed, part seconds rounded up', () => {
    expect(formatCountdown(299_000)).toBe('04:59');
    expect(formatCountdown(200)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3_899_000)).toBe('1:04:59');
  });
});
