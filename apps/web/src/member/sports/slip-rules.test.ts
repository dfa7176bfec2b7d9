import { describe, expect, it } from 'vitest';
import {
  acceptOdds,
  applyOdds,
  EMPTY_SLIP,
  hasChangedOdds,
  lockFixture,
  MAX_FOLDERS,
  parseOddsChanges,
  removePick,
  sameFixtureIds,
  togglePick,
  type SlipPick,
} from './slip-rules.ts';

function pick(outcomeId: number, marketId: number, fixtureId: number, odds = '1.90'): SlipPick {
  return { outcomeId, marketId, fixtureId, odds, home: 'H', away: 'A', league: 'L', market: 'M', pick: 'P', inPlay: false };
}

describe('bet slip rules', () => {
  it('toggles a pick in and out, one selection per market', () => {
    let s = togglePick(EMPTY_SLIP, 'cross', pick(1, 10, 100));
    expect(s.board).toBe('cross');
    expect(s.picks.map((p) => p.outcomeId)).toEqual([1]);
    s = togglePick(s, 'cross', pick(2, 10, 100)); // same market, other outcome: replaces
    expect(s.picks.map((p) => p.outcomeId)).toEqual([2]);
    s = togglePick(s, 'cross', pick(3, 11, 100)); // same fixture, other market: kept beside it
    expect(s.picks.map((p) => p.outcomeId)).toEqual([2, 3]);
    expect([...sameFixtureIds(s.picks)]).toEqual([100]);
    s = togglePick(s, 'cross', pick(2, 10, 100)); // same outcome again: removed
    expect(s.picks.map((p) => p.outcomeId)).toEqual([3]);
    s = removePick(s, 3);
    expect(s).toEqual({ ...EMPTY_SLIP });
  });

  it('a pick from another board starts a new slip, keeping the stake', () => {
    let s = togglePick({ ...EMPTY_SLIP, stake: '5000' }, 'cross', pick(1, 10, 100));
    s = togglePick(s, 'cross', pick(4, 12, 101));
    s = togglePick(s, 'europe', pick(5, 13, 102));
    expect(s.board).toBe('europe');
    expect(s.picks.map((p) => p.outcomeId)).toEqual([5]);
    expect(s.stake).toBe('5000');
  });

  it('marks changed odds until the player accepts them', () => {
    let s = togglePick(EMPTY_SLIP, 'inplay', pick(1, 10, 100, '1.90'));
    s = togglePick(s, 'inplay', pick(2, 11, 101, '2.00'));
    const same = applyOdds(s, new Map([[2, { odds: '2.00' }]]));
    expect(same).toBe(s);
    s = applyOdds(s, new Map([[1, { odds: '1.80' }]]));
    expect(s.picks[0]).toMatchObject({ odds: '1.80', previousOdds: '1.90' });
    s = applyOdds(s, new Map([[1, { odds: '1.70' }]])); // keeps the odds the player last saw
    expect(s.picks[0]).toMatchObject({ odds: '1.70', previousOdds: '1.90' });
    expect(hasChangedOdds(s)).toBe(true);
    s = acceptOdds(s);
    expect(hasChangedOdds(s)).toBe(false);
    expect(s.picks[0].odds).toBe('1.70');
    s = applyOdds(s, new Map([[2, { odds: '2.00', locked: true }]]));
    expect(s.picks[1]).toMatchObject({ odds: '2.00', locked: true });
    expect(hasChangedOdds(s)).toBe(false);
  });
});

describe('bet stops and the folder cap', () => {
  it('a bet stop locks every folder of that fixture and a bet start unlocks them', () => {
    let s = togglePick(EMPTY_SLIP, 'live', pick(1, 10, 100));
    s = togglePick(s, 'live', pick(2, 11, 100));
    s = togglePick(s, 'live', pick(3, 12, 101));
    s = lockFixture(s, 100, true);
    expect(s.picks.map((p) => Boolean(p.locked))).toEqual([true, true, false]);
    expect(lockFixture(s, 100, true)).toBe(s);
    s = lockFixture(s, 100, false);
    expect(s.picks.some((p) => p.locked)).toBe(false);
  });

  it('takes no folder past the maximum', () => {
    let s = EMPTY_SLIP;
    for (let i = 0; i < MAX_FOLDERS + 3; i++) s = togglePick(s, 'cross', pick(i + 1, 100 + i, 1000 + i));
    expect(s.picks).toHaveLength(MAX_FOLDERS);
  });
});

describe('odds_changed answer', () => {
  it('reads the new prices from params.changes and ignores anything else', () => {
    expect([...parseOddsChanges('12:1.85,13:2.1')]).toEqual([
      [12, { odds: '1.85' }],
      [13, { odds: '2.1' }],
    ]);
    expect(parseOddsChanges(undefined).size).toBe(0);
    expect([...parseOddsChanges('x:1.0, 14:3.00 ,15:abc')]).toEqual([[14, { odds: '3.00' }]]);
  });
});
