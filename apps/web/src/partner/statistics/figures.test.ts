import { expect, test } from 'vitest';
import { betFigures, deskFigures } from '@wager/contracts';
import { PERIOD_COUNT_KEYS, PERIOD_MONEY_KEYS, oldestFirst, paybackRate, signClass, sumOf, sumPeriodRows, toBig, trendOf } from './figures.ts';

const day = (d: string, over: Partial<Record<string, string | number | null>> = {}): Record<string, string | number | null> & { day: string } => ({
  day: d,
  ...Object.fromEntries(PERIOD_COUNT_KEYS.map((k) => [k, 0])),
  ...Object.fromEntries(PERIOD_MONEY_KEYS.map((k) => [k, '0'])),
  payback_rate: null,
  ...over,
});

test('the summed keys are exactly the day figures of the contract (none forgotten, none invented)', () => {
  const contract = [...Object.keys(betFigures.shape), ...Object.keys(deskFigures.shape)].sort();
  expect([...PERIOD_COUNT_KEYS, ...PERIOD_MONEY_KEYS, 'payback_rate'].sort()).toEqual(contract);
});

test('money sums stay exact beyond 2^53 and non-integers count as 0', () => {
  const rows = [{ v: '9007199254740993' }, { v: '9007199254740993' }, { v: 'x' }, { v: '-6' }];
  expect(sumOf(rows, (r) => r.v)).toBe(18014398509481980n);
  expect(toBig(1.5)).toBe(0n);
  expect(toBig(7)).toBe(7n);
});

test('the payback rate is win ÷ bet in percent, two decimals rounded half up, null without bets', () => {
  expect(paybackRate('952', '1000')).toBe('95.20');
  expect(paybackRate('1', '3')).toBe('33.33');
  expect(paybackRate('2', '3')).toBe('66.67');
  expect(paybackRate('1', '8')).toBe('12.50');
  expect(paybackRate('0', '500')).toBe('0.00');
  expect(paybackRate('2500', '1000')).toBe('250.00');
  expect(paybackRate('5', '0')).toBeNull();
});

test("a 30-day series' totals row sums every figure and recomputes the payback from the sums", () => {
  const rows = [
    day('2026-11-26', { bet_count: 2, bet_amount: '3000', win_amount: '1000', betting_pl: '2000', bettors: 1, charge_amount: '50000', join_count: 1 }),
    day('2026-11-27', { bet_count: 1, bet_amount: '1000', win_amount: '2950', betting_pl: '-1950', bettors: 1, exchange_amount: '7000' }),
    day('2026-11-25'),
  ] as unknown as Parameters<typeof sumPeriodRows>[0];
  const total = sumPeriodRows(rows);
  expect(total).toMatchObject({
    bet_count: 3,
    bet_amount: '4000',
    win_amount: '3950',
    betting_pl: '50',
    bettors: 2,
    charge_amount: '50000',
    exchange_amount: '7000',
    join_count: 1,
  });
  // 3950 / 4000 = 98.75 %, not the mean of the days' rates (33.33 and 295).
  expect(total.payback_rate).toBe('98.75');
  expect(sumPeriodRows([]).payback_rate).toBeNull();
});

test('a trend reads oldest to newest whatever order the days came in, with short labels and numbers', () => {
  const rows = [day('2026-11-27', { bet_amount: '300' }), day('2026-11-25', { bet_amount: '100' }), day('2026-11-26', { bet_amount: '200' })];
  expect(oldestFirst(rows).map((r) => r.day)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
  const trend = trendOf(rows, [{ name: 'bet', value: (r) => r.bet_amount as string }]);
  expect(trend).toEqual({ labels: ['11-25', '11-26', '11-27'], series: [{ name: 'bet', values: [100, 200, 300] }] });
});

test('profit cells are coloured by sign', () => {
  expect(signClass('12')).toBe('is-plus');
  expect(signClass('-1')).toBe('is-minus');
  expect(signClass('0')).toBeUndefined();
});
