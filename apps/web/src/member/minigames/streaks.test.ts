import { describe, expect, test } from 'vitest';
import { streakColumns, summarizeStreaks } from './streaks.ts';

const rows = (values: (string | null)[]) => values.map((value, i) => ({ round: String(i + 1), value }));

describe('streakColumns', () => {
  test('a new column starts each time the result changes', () => {
    const columns = streakColumns(rows(['odd', 'odd', 'even', 'odd', 'odd', 'odd']));
    expect(columns).toEqual([
      { value: 'odd', rounds: ['1', '2'] },
      { value: 'even', rounds: ['3'] },
      { value: 'odd', rounds: ['4', '5', '6'] },
    ]);
  });

  test('a round without a value neither breaks nor extends a run', () => {
    const columns = streakColumns(rows(['under', null, 'under', 'over']));
    expect(columns.map((c) => [c.value, c.rounds.length])).toEqual([
      ['under', 2],
      ['over', 1],
    ]);
  });

  test('nothing drawn yet: no columns', () => {
    expect(streakColumns([])).toEqual([]);
  });
});

describe('summarizeStreaks', () => {
  test('counts every value, the longest run of each and the run still going', () => {
    const columns = streakColumns(rows(['odd', 'even', 'even', 'even', 'odd', 'odd']));
    const s = summarizeStreaks(['odd', 'even'], columns);
    expect(s.counts).toEqual({ odd: 3, even: 3 });
    expect(s.longest).toEqual({ odd: 2, even: 3 });
    expect(s.current).toEqual({ value: 'odd', length: 2 });
  });

  test('a value never drawn counts zero', () => {
    const s = summarizeStreaks(['small', 'medium', 'large'], streakColumns(rows(['large'])));
    expect(s.counts).toEqual({ small: 0, medium: 0, large: 1 });
    expect(s.current).toEqual({ value: 'large', length: 1 });
  });
});
