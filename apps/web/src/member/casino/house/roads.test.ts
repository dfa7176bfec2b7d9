import { describe, expect, it } from 'vitest';
import { bigRoad } from './roads.ts';

const rows = (s: string) => [...s].map((c) => ({ outcome: c === 'P' ? ('player' as const) : c === 'B' ? ('banker' as const) : ('tie' as const) }));
const at = (s: string) => bigRoad(rows(s)).map((c) => `${c.outcome[0]}${c.col},${c.row}${c.ties ? `+${c.ties}` : ''}`);

describe('big road', () => {
  it('starts a column when the winner changes and stacks a streak downwards', () => {
    expect(at('PPBBBP')).toEqual(['p0,0', 'p0,1', 'b1,0', 'b1,1', 'b1,2', 'p2,0']);
  });
  it('marks ties on the hand before them and never gives them a cell', () => {
    expect(at('PTTB')).toEqual(['p0,0+2', 'b1,0']);
    expect(at('TP')).toEqual(['p0,0']);
  });
  it('turns a streak longer than six to the right along the bottom row', () => {
    expect(at('BBBBBBBB')).toEqual(['b0,0', 'b0,1', 'b0,2', 'b0,3', 'b0,4', 'b0,5', 'b1,5', 'b2,5']);
  });
});
