import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { localDate, localDayRange } from '../../platform/local-time.ts';
import { getSettings } from '../settings/index.ts';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAY_MS = 86_400_000;
/** The longest period a report or statement reads at once. */
export const MAX_DAYS = 366;

export type Period = { from: string; to: string; since: Date; until: Date; offsetMin: number; today: string };

export const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * A period of the operator's days (settings `timezone_offset_minutes`), both ends included, as
 * [since, until) in UTC. A missing end defaults by `fallback` from today; a reversed or longer
 * than MAX_DAYS period is a 400.
 */
export async function periodOf(deps: Deps, body: { from?: string; to?: string } | undefined, fallback: (today: string) => string): Promise<Period> {
  for (const k of ['from', 'to'] as const) {
    const v = body?.[k];
    if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) throw badRequest('Not a date.', k);
  }
  const offsetMin = (await getSettings(deps.db)).timezone_offset_minutes;
  const today = localDate(deps.clock.now(), offsetMin);
  const to = body?.to ?? today;
  const from = body?.from ?? (body?.to ? to : fallback(today));
  if (from > to) throw badRequest('The period ends before it starts.', 'to', 'date_range_invalid');
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS >= MAX_DAYS)
    throw badRequest(`A period is at most ${MAX_DAYS} days.`, 'from', 'date_range_invalid');
  return { from, to, since: localDayRange(from, offsetMin)[0], until: localDayRange(to, offsetMin)[1], offsetMin, today };
}
