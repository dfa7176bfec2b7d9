/**
 * Shaping of the statistics answers for the screens: money arrives as integer strings and stays
 * exact (bigint) wherever it is summed; only a chart, which draws doubles anyway, gets numbers.
 */

/** A money string (or count) as a bigint; anything not an integer counts as 0. */
export function toBig(value: string | number | null | undefined): bigint {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : 0n;
  return value && /^-?\d+$/.test(value) ? BigInt(value) : 0n;
}

/** The sum of one figure over rows (money strings or counts), exact. */
export function sumOf<Row>(rows: readonly Row[], get: (row: Row) => string | number): bigint {
  return rows.reduce((sum, row) => sum + toBig(get(row)), 0n);
}

/** Day rows arrive newest first; a trend reads left to right from the oldest. */
export function oldestFirst<Row extends { day: string }>(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** "2026-11-27" → "11-27": a month of labels fits under a 700 px chart. */
export const shortDay = (day: string) => day.slice(5);

/** One chart series per figure, in the days' order (oldest first), as numbers. */
export function trendOf<Row extends { day: string }>(
  rows: readonly Row[],
  figures: readonly { name: string; value: (row: Row) => string | number }[],
): { labels: string[]; series: { name: string; values: number[] }[] } {
  const days = oldestFirst(rows);
  return {
    labels: days.map((r) => shortDay(r.day)),
    series: figures.map((f) => ({ name: f.name, values: days.map((r) => Number(toBig(f.value(r)))) })),
  };
}

/** A payback rate string ("95.20") as shown: "95.20%", or "-" without bets. */
export const paybackText = (rate: string | null) => (rate === null ? '-' : `${rate}%`);

/** Positive, negative or zero, for the profit columns' colour. */
export function signClass(value: string | number): 'is-plus' | 'is-minus' | undefined {
  const n = toBig(value);
  return n > 0n ? 'is-plus' : n < 0n ? 'is-minus' : undefined;
}

/** win ÷ bet in percent with two decimals, rounded half up, exact ("95.20"); null without bets (the server's payback_rate). */
export function paybackRate(win: string | bigint, bet: string | bigint): string | null {
  const w = typeof win === 'bigint' ? win : toBig(win);
  const b = typeof bet === 'bigint' ? bet : toBig(bet);
  if (b <= 0n) return null;
  const hundredths = (w * 10_000n * 2n + b) / (2n * b);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** The counts and the money figures of a day row (betFigures and deskFigures), summed by `sumPeriodRows`. */
export const PERIOD_COUNT_KEYS = [
  'bet_count',
  'win_count',
  'lose_count',
  'single_count',
  'combo_count',
  'bettors',
  'charge_count',
  'exchange_count',
  'join_count',
  'login_count',
] as const;
export const PERIOD_MONEY_KEYS = [
  'bet_amount',
  'win_amount',
  'lose_amount',
  'valid_amount',
  'single_amount',
  'combo_amount',
  'betting_pl',
  'rolling',
  'losing',
  'loss_fee',
  'settlement',
  'charge_amount',
  'exchange_amount',
  'deposit_pl',
  'paid_money',
  'collected_money',
  'paid_point',
  'collected_point',
] as const;

type Counts = Record<(typeof PERIOD_COUNT_KEYS)[number], number>;
type Amounts = Record<(typeof PERIOD_MONEY_KEYS)[number], string>;
export type PeriodSums = Counts & Amounts & { payback_rate: string | null };

/**
 * The totals row of day rows the server sends without one (zeus home's 30 days): every count and
 * amount summed exactly, the payback rate recomputed from the sums (not averaged), and bettors
 * summed day by day as the server sums them over a range.
 */
export function sumPeriodRows(rows: readonly (Counts & Amounts)[]): PeriodSums {
  const counts = Object.fromEntries(PERIOD_COUNT_KEYS.map((k) => [k, rows.reduce((n, r) => n + r[k], 0)])) as Counts;
  const amounts = Object.fromEntries(PERIOD_MONEY_KEYS.map((k) => [k, String(sumOf(rows, (r) => r[k]))])) as Amounts;
  return { ...counts, ...amounts, payback_rate: paybackRate(amounts.win_amount, amounts.bet_amount) };
}
