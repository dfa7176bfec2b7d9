import { describe, expect, test } from 'vitest';
import { gameSettingsSchema } from '@wager/contracts';
import { toForm, toPatch } from './form.ts';

const defaults = gameSettingsSchema.parse({});

describe('mini-game settings form', () => {
  test('the defaults go through the form and back unchanged', () => {
    const result = toPatch(toForm(defaults));
    expect('patch' in result && result.patch).toEqual({
      betting_allowed: defaults.betting_allowed,
      duplicate_betting: defaults.duplicate_betting,
      cancel_allowed: defaults.cancel_allowed,
      closing_seconds: defaults.closing_seconds,
      cancel_seconds: defaults.cancel_seconds,
      cancel_minutes: defaults.cancel_minutes,
      daily_cancel_count: defaults.daily_cancel_count,
      round_max_bet: null,
      round_max_win: null,
      levels: defaults.levels,
    });
  });

  test('blank round limits mean "not applied"; typed amounts may carry commas', () => {
    const form = toForm(defaults);
    form.round_max_bet = '5,000,000';
    form.round_max_win = '';
    const result = toPatch(form);
    expect('patch' in result && [result.patch.round_max_bet, result.patch.round_max_win]).toEqual([5_000_000, null]);
  });

  test('a required number left blank, a non-integer and a value past its cap are refused with the field', () => {
    const blank = toForm(defaults);
    blank.closing_seconds = '';
    expect(toPatch(blank)).toEqual({ problem: { field: 'closing_seconds', rule: 'required' } });

    const decimal = toForm(defaults);
    decimal.levels['3'].max_bet = '10.5';
    expect(toPatch(decimal)).toEqual({ problem: { field: 'levels.3.max_bet', rule: 'integer' } });

    const big = toForm(defaults);
    big.closing_seconds = '90000';
    expect(toPatch(big)).toEqual({ problem: { field: 'closing_seconds', rule: 'max', max: 86_400 } });
  });

  test('a level minimum above its maximum is refused', () => {
    const form = toForm(defaults);
    form.levels['1'].min_bet = '2000000';
    expect(toPatch(form)).toEqual({ problem: { field: 'levels.1.min_bet', rule: 'minAboveMax' } });
  });

  test('what the form sends passes the shared settings schema', () => {
    const form = toForm(defaults);
    form.betting_allowed = false;
    form.levels['7'].allowed = false;
    const result = toPatch(form);
    if (!('patch' in result)) throw new Error('expected a patch');
    expect(gameSettingsSchema.safeParse({ ...defaults, ...result.patch }).success).toBe(true);
  });
});
