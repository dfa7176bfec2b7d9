/** The operator's local calendar (KST by default) from a UTC instant and an offset in minutes. */
export function localDate(at: Date, offsetMin: number): string {
  return new Date(at.getTime() + offsetMin * 60_000).toISOString().slice(0, 10);
}

export function localMinutesOfDay(at: Date, offsetMin: number): number {
  const local = new Date(at.getTime() + offsetMin * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** [start, end) in UTC of a local calendar day 'YYYY-MM-DD'. */
export function localDayRange(day: string, offsetMin: number): [Date, Date] {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - offsetMin * 60_000);
  return [start, new Date(start.getTime() + 86_400_000)];
}

/** UTC range covering local days `from`..`to` inclusive; both default to today. */
export function localRange(now: Date, offsetMin: number, from?: string, to?: string): [Date, Date] {
  const today = localDate(now, offsetMin);
  const [start] = localDayRange(from ?? today, offsetMin);
  const [, end] = localDayRange(to ?? from ?? today, offsetMin);
  return [start, end];
}

/** True when local time is inside [start, end), a window that may wrap past midnight. */
export function inLocalWindow(at: Date, offsetMin: number, start: string, end: string): boolean {
  const m = localMinutesOfDay(at, offsetMin);
  const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const a = toMin(start);
  const b = toMin(end);
  return a <= b ? m >= a && m < b : m >= a || m < b;
}
