import type { MinigameResult } from '@wager/contracts';

export type StatRound = { day_number: number; result: MinigameResult | null };
export type StreakColumn = { pick: string; count: number; day_numbers: number[] };

/**
 * The bead-road chart players read: oldest round first, a new column whenever the winning pick
 * changes; rounds without a result for the market (void, refunded) are left out.
 */
export function streaks(rounds: StatRound[], market: string) {
  const columns: StreakColumn[] = [];
  const counts: Record<string, number> = {};
  for (const r of rounds) {
    const pick = r.result?.winners[market];
    if (pick === undefined) continue;
    counts[pick] = (counts[pick] ?? 0) + 1;
    const last = columns.at(-1);
    if (last && last.pick === pick) {
      last.count++;
      last.day_numbers.push(r.day_number);
    } else columns.push({ pick, count: 1, day_numbers: [r.day_number] });
  }
  return { market, columns, counts };
}
