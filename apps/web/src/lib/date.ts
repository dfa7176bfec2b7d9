/**
 * One date formatter for the whole web app (decision 047). Every date a person sees is written in
 * the site's operating time zone (settings.timezone_offset_minutes, sent in the system context;
 * KST, +540, by default), never in the browser's own zone: the home page and /board/notice must
 * give a notice posted at 06:42 KST the same day wherever the reader's device is.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const DEFAULT_OFFSET_MINUTES = 540;

let offsetMinutes = DEFAULT_OFFSET_MINUTES;

/**
 * Called by each tree's context fetch as the answer arrives (timezone_offset_minutes), before
 * React renders that answer, so every date rendered from it uses the zone it came with.
 */
export function setOperatingOffset(minutes: number | undefined | null): void {
  offsetMinutes = typeof minutes === 'number' && Number.isFinite(minutes) ? minutes : DEFAULT_OFFSET_MINUTES;
}

export function operatingOffset(): number {
  return offsetMinutes;
}

export type DateInput = string | number | Date;

type Parts = { year: number; month: number; day: number; hours: number; minutes: number; seconds: number };

/** The calendar and clock of an instant in the operating zone; null when it is not a date. */
export function operatingParts(at: DateInput): Parts | null {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(ms)) return null;
  // Shifting the instant by the offset and reading UTC fields is exact for a fixed offset.
  const d = new Date(ms + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
  };
}

const day = (p: Parts) => `${p.year}-${pad(p.month)}-${pad(p.day)}`;
const clock = (p: Parts, seconds: boolean) => `${pad(p.hours)}:${pad(p.minutes)}${seconds ? `:${pad(p.seconds)}` : ''}`;

/** "2025-01-31 13:05:09" in the operating zone; the raw text if it is not a date. */
export function formatDateTime(at: DateInput): string {
  const p = operatingParts(at);
  return p ? `${day(p)} ${clock(p, true)}` : String(at);
}

/** "2025-01-31" in the operating zone. */
export function formatDate(at: DateInput): string {
  const p = operatingParts(at);
  return p ? day(p) : String(at);
}

/** "13:05" (or "13:05:09" with seconds) in the operating zone. */
export function formatTime(at: DateInput, seconds = false): string {
  const p = operatingParts(at);
  return p ? clock(p, seconds) : String(at);
}

/** "01-31 13:05" (or "01-31 13:05:09") in the operating zone: lists where the year goes without saying. */
export function formatShortDateTime(at: DateInput, seconds = false): string {
  const p = operatingParts(at);
  return p ? `${pad(p.month)}-${pad(p.day)} ${clock(p, seconds)}` : String(at);
}

/**
 * Today's date (YYYY-MM-DD) in the operating zone, for date filters' defaults: the server reads
 * a filter's days as the operator's local days, so "today" must be that day too.
 */
export function localDay(at: Date = new Date()): string {
  return formatDate(at);
}
