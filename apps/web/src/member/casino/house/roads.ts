import type { CallData } from '@wager/contracts';

type HistoryRow = Pick<CallData<'/api/house/session'>['history'][number], 'outcome'>;

/**
 * Big road: a new column whenever the winner changes; ties mark the cell before them; a streak
 * longer than six turns right along the bottom row (the "dragon tail").
 */
export function bigRoad(rows: readonly HistoryRow[]) {
  const cells: { col: number; row: number; outcome: 'player' | 'banker'; ties: number }[] = [];
  let col = -1;
  let row = 0;
  let streakCol = -1;
  let current: 'player' | 'banker' | null = null;
  for (const r of rows) {
    if (!r.outcome) continue;
    if (r.outcome === 'tie') {
      const lastCell = cells.at(-1);
      if (lastCell) lastCell.ties++;
      continue;
    }
    if (r.outcome !== current) {
      current = r.outcome;
      streakCol++;
      col = streakCol;
      row = 0;
    } else if (row < 5) row++;
    else col++;
    cells.push({ col, row, outcome: r.outcome, ties: 0 });
  }
  return cells;
}
