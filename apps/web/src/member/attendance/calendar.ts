/**
 * The attendance calendar as data (pure): a month's weeks, Sunday first, with the days outside the
 * month left empty; moving a month; the bonus a run of days earns (the server's rule, decision 040:
 * the longest rule not above the run).
 */

export type Bonus = { streak_days: number; point: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** The weeks of `YYYY-MM`, each 7 cells of `YYYY-MM-DD` or null (before the 1st, after the last day). */
export function monthGrid(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(first).fill(null)];
  for (let d = 1; d <= length; d++) cells.push(`${month}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** `YYYY-MM` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Points a run of `streak` days pays: the longest rule not above it, else 0. */
export function bonusFor(rules: readonly Bonus[], streak: number): number {
  let best: Bonus | undefined;
  for (const r of rules) if (r.streak_days <= streak && (!best || r.streak_days > best.streak_days)) best = r;
  return best?.point ?? 0;
}
