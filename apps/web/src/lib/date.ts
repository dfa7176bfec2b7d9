const pad = (n: number) => String(n).padStart(2, '0');

/** "2025-01-31 13:05:09" in the browser's time zone; the raw string if it is not a date. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Today's date (YYYY-MM-DD) in the reader's own time zone, for date filters' defaults. The UTC
 * date (toISOString) is yesterday in Korea until 09:00, so a history filtered "today" hid the
 * rounds just played.
 */
export function localDay(at: Date = new Date()): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
