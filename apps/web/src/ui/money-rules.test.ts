import { describe, expect, test } from 'vitest';
import { canSubmitAmount, canSubmitExchange, changedLimits, limitValue, pointChange, rangeBody, splitWindow, todayOf, toPin } from './money-rules.ts';

describe('money rules (spec §5)', () => {
  test('charge and point buttons wait for an amount', () => {
    expect(canSubmitAmount('0')).toBe(false);
    expect(canSubmitAmount('10000')).toBe(true);
  });

  test('exchange also waits for the password when one is required', () => {
    expect(canSubmitExchange('0', false, '')).toBe(false);
    expect(canSubmitExchange('10000', false, '')).toBe(true);
    expect(canSubmitExchange('10000', true, '')).toBe(false);
    expect(canSubmitExchange('10000', true, '1234')).toBe(true);
    expect(canSubmitExchange('0', true, '1234')).toBe(false);
  });

  test('exchange password keeps up to 4 digits', () => {
    expect(toPin('12a34567')).toBe('1234');
    expect(toPin('abc')).toBe('');
  });

  test('point change is updated minus existing, without floats', () => {
    expect(pointChange('1000', '500')).toEqual({ value: '-500', negative: true });
    expect(pointChange('500', '1500')).toEqual({ value: '+1000', negative: false });
    expect(pointChange('7', '7')).toEqual({ value: '0', negative: false });
    expect(pointChange('9007199254740993', '9007199254740995')).toEqual({ value: '+2', negative: false });
  });

  test('history range: today is left to the server, a picked range is sent in order', () => {
    expect(rangeBody({ from: null, to: null }, '2025-03-01', 5)).toEqual({ skip: 5 });
    expect(rangeBody({ from: '2025-02-01', to: null }, '2025-03-01', 0)).toEqual({ skip: 0, startedAt: '2025-02-01', endedAt: '2025-03-01' });
    expect(rangeBody({ from: '2025-03-05', to: '2025-03-01' }, '2025-03-09', 0)).toEqual({ skip: 0, startedAt: '2025-03-01', endedAt: '2025-03-05' });
  });

  test('today follows the server clock', () => {
    const received = Date.parse('2025-01-01T00:00:00Z');
    const today = todayOf('2025-06-15T03:00:00Z', received, received + 1000);
    expect(today).toMatch(/^2025-06-1[45]$/);
    expect(todayOf(undefined, 0, Date.parse('2024-02-29T12:00:00'))).toBe('2024-02-29');
  });

  test('blackout window text', () => {
    expect(splitWindow('23:30-00:30')).toEqual(['23:30', '00:30']);
    expect(splitWindow(undefined)).toEqual(['23:30', '00:30']);
  });

  test('limits: 0 is no limit, only changed fields are sent', () => {
    expect(limitValue('0')).toBeNull();
    expect(limitValue('500000')).toBe(500000);
    const current = { deposit_daily: '100000', deposit_monthly: null, loss_daily: null };
    expect(changedLimits(current, { deposit_daily: '100000', deposit_monthly: '0', loss_daily: '50000' })).toEqual({ loss_daily: 50000 });
    expect(changedLimits(current, { deposit_daily: '0', deposit_monthly: '0', loss_daily: '0' })).toEqual({ deposit_daily: null });
  });
});
