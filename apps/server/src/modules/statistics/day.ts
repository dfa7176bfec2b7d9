/**
 * The operator's day is the KST day (Asia/Seoul, UTC+9 all year: Korea keeps no daylight saving),
 * so a day is a fixed 9-hour shift of UTC and needs no time-zone database (PGlite has none to rely on).
 */
const KST_MS = 9 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** 'YYYY-MM-DD' of the KST day `at` falls on. */
export const kstDay = (at: Date) => new Date(at.getTime() + KST_MS).toISOString().slice(0, 10);

/** The instant a KST day starts. */
export const kstStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - KST_MS);

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The longest range a call reads; a longer one keeps its last 366 days (the answer says which). */
export const MAX_DAYS = 366;

export type DayRange = { from: string; to: string };

/**
 * The range asked for, both ends included, each defaulting to today (KST); ends given the wrong
 * way round are swapped, and a range longer than MAX_DAYS keeps its last MAX_DAYS days.
 */
export function resolveRange(now: Date, r: { from?: string; to?: string } | undefined): DayRange {
  const today = kstDay(now);
  let from = r?.from ?? r?.to ?? today;
  let to = r?.to ?? (r?.from && r.from > today ? r.from : today);
  if (from > to) [from, to] = [to, from];
  if (from < addDays(to, 1 - MAX_DAYS)) from = addDays(to, 1 - MAX_DAYS);
  return { from, to };
}

/** Every day of the range, oldest first. */
export function daysOf(r: DayRange) {
  const out: string[] = [];
  for (let d = r.from; d <= r.to; d = addDays(d, 1)) out.push(d);
  return out;
}
