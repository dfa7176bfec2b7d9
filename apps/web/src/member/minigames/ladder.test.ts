import { describe, expect, test } from 'vitest';
import { ladderPoints } from './ladder.ts';

describe('ladderPoints', () => {
  test('an odd number of rungs ends on the other rail, an even number on the same', () => {
    expect(ladderPoints('left', 3, 100, 80).foot).toBe('right');
    expect(ladderPoints('left', 4, 100, 80).foot).toBe('left');
    expect(ladderPoints('right', 3, 100, 80).foot).toBe('left');
    expect(ladderPoints('right', 4, 100, 80).foot).toBe('right');
  });

  test('the path starts at the top of its rail, crosses at each rung and ends at the bottom', () => {
    const { rungs, path } = ladderPoints('left', 3, 100, 80);
    expect(rungs).toEqual([20, 40, 60]);
    expect(path).toEqual([
      [0, 0],
      [0, 20],
      [100, 20],
      [100, 40],
      [0, 40],
      [0, 60],
      [100, 60],
      [100, 80],
    ]);
  });
});
