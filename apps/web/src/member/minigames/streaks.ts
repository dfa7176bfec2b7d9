/**
 * Streak charts the way Korean powerball stat sites draw them: rounds oldest first, one column per
 * run of the same result (a new column starts when the result changes), so a long column is a long
 * streak. A round with no value for the market (not drawn, or the market does not apply) ends no run
 * and adds nothing.
 */
export type StreakColumn<T extends string> = { value: T; rounds: string[] };

export function streakColumns<T extends string>(rows: readonly { round: string; value: T | null | undefined }[]): StreakColumn<T>[] {
  const columns: StreakColumn<T>[] = [];
  for (const row of rows) {
    if (row.value === null || row.value === undefined) continue;
    const last = columns[columns.length - 1];
    if (last && last.value === row.value) last.rounds.push(row.round);
    else columns.push({ value: row.value, rounds: [row.round] });
  }
  return columns;
}

export type StreakSummary<T extends string> = {
  /** How many rounds ended with each value. */
  counts: Record<T, number>;
  /** The longest run of each value. */
  longest: Record<T, number>;
  /** The run still going at the newest round. */
  current: { value: T; length: number } | null;
};

export function summarizeStreaks<T extends string>(values: readonly T[], columns: readonly StreakColumn<T>[]): StreakSummary<T> {
  const counts = Object.fromEntries(values.map((v) => [v, 0])) as Record<T, number>;
  const longest = Object.fromEntries(values.map((v) => [v, 0])) as Record<T, number>;
  for (const c of columns) {
    counts[c.value] = (counts[c.value] ?? 0) + c.rounds.length;
    longest[c.value] = Math.max(longest[c.value] ?? 0, c.rounds.length);
  }
  const last = columns[columns.length - 1];
  return { counts, longest, current: last ? { value: last.value, length: last.rounds.length } : null };
}
