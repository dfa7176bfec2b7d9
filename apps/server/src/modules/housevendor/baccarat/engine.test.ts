import { describe, expect, it } from 'vitest';
import { fastSource } from '../int-source.ts';
import { bankerDraws, dealHand, handTotal, playerDraws, settleHand, shoeDealer, SHOE, spotReturn, type Card, type Hand } from './engine.ts';

/** The published punto banco third-card table: banker total (rows) × player's third card value (columns 0–9). */
const BANKER_TABLE: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};

describe('third-card rules', () => {
  const cases = Object.entries(BANKER_TABLE).flatMap(([total, row]) => [...row].map((c, third) => [Number(total), third, c === 'D'] as const));
  it.each(cases)('banker on %i, player third card %i: draws = %s', (total, third, draws) => {
    expect(bankerDraws(total, third)).toBe(draws);
  });
  it.each([0, 1, 2, 3, 4, 5, 6, 7].map((t) => [t, t <= 5] as const))('player stood, banker on %i draws = %s', (total, draws) => {
    expect(bankerDraws(total, null)).toBe(draws);
  });
  it.each([0, 1, 2, 3, 4, 5, 6, 7].map((t) => [t, t <= 5] as const))('player on %i draws = %s', (total, draws) => {
    expect(playerDraws(total)).toBe(draws);
  });
});

const card = (rank: number, suit = 0): Card => ({ rank, suit });
/** Deals the given cards in order (P1, B1, P2, B2, then thirds). */
const scripted = (cards: Card[]) => {
  let i = 0;
  return () => {
    if (i >= cards.length) throw new Error('dealt more cards than scripted');
    return cards[i++];
  };
};
// ranks: 0 ace, 1 = two … 8 = nine, 9 ten, 12 king
describe('dealing', () => {
  it('a natural stands on both sides', () => {
    const hand = dealHand(scripted([card(7), card(2), card(12), card(3)])); // P 8+0 = 8, B 3+4 = 7
    expect(hand).toMatchObject({ natural: true, playerTotal: 8, bankerTotal: 7, outcome: 'player' });
    expect(hand.player).toHaveLength(2);
    expect(hand.banker).toHaveLength(2);
  });
  it('player draws on 5; banker on 3 stands against a third-card 8', () => {
    const hand = dealHand(scripted([card(1), card(0), card(2), card(1), card(7)])); // P 2+3=5 draws 8 → 3; B 1+2 = 3 stands
    expect(hand.player).toHaveLength(3);
    expect(hand.banker).toHaveLength(2);
    expect(hand).toMatchObject({ playerTotal: 3, bankerTotal: 3, outcome: 'tie' });
  });
  it('player stands on 6; banker on 5 then draws', () => {
    const hand = dealHand(scripted([card(5), card(4), card(9), card(9), card(3)])); // P 6+0 stands; B 5+0 draws a 4 → 9
    expect(hand.player).toHaveLength(2);
    expect(hand.banker).toHaveLength(3);
    expect(hand).toMatchObject({ playerTotal: 6, bankerTotal: 9, outcome: 'banker' });
  });
  it('pairs are the first two cards of a side with the same rank', () => {
    const hand = dealHand(scripted([card(11, 0), card(2), card(11, 3), card(2, 1), card(0), card(0)]));
    expect(hand.playerPair).toBe(true);
    expect(hand.bankerPair).toBe(true);
  });
  it('the shoe deals every card exactly once', () => {
    const next = shoeDealer(fastSource(3));
    const seen = new Set<number>();
    for (let i = 0; i < SHOE; i++) {
      const c = next();
      seen.add(c.suit * 13 + c.rank);
    }
    expect(seen.size).toBe(52);
  });
  it('outcome frequencies over 150,000 hands match the game (banker 45.86 %, player 44.62 %, tie 9.52 %)', () => {
    const src = fastSource(11);
    const n = 150_000;
    const counts = { player: 0, banker: 0, tie: 0 };
    for (let i = 0; i < n; i++) counts[dealHand(shoeDealer(src)).outcome]++;
    expect(counts.banker / n).toBeCloseTo(0.4586, 2);
    expect(counts.player / n).toBeCloseTo(0.4462, 2);
    expect(counts.tie / n).toBeCloseTo(0.0952, 2);
  });
});

describe('payouts', () => {
  const hand = (outcome: Hand['outcome'], playerPair = false, bankerPair = false) => ({ outcome, playerPair, bankerPair }) as Hand;
  it.each([
    ['player', 'player', 1000n, 2000n],
    ['player', 'banker', 1000n, 0n],
    ['player', 'tie', 1000n, 1000n],
    ['banker', 'banker', 1000n, 1950n],
    ['banker', 'banker', 1010n, 1969n], // 1010 × 0.95 = 959.5, floored
    ['banker', 'tie', 1000n, 1000n],
    ['banker', 'player', 1000n, 0n],
    ['tie', 'tie', 1000n, 9000n],
    ['tie', 'player', 1000n, 0n],
  ] as const)('%s on a %s outcome, stake %i returns %i', (spot, outcome, stake, ret) => {
    expect(spotReturn(spot, stake, hand(outcome))).toBe(ret);
  });
  it('pairs pay 11:1', () => {
    expect(spotReturn('player_pair', 500n, hand('banker', true))).toBe(6000n);
    expect(spotReturn('banker_pair', 500n, hand('banker', true))).toBe(0n);
    expect(spotReturn('banker_pair', 500n, hand('tie', false, true))).toBe(6000n);
  });
  it('a hand settles every spot it was bet on', () => {
    const s = settleHand({ player: 1000n, tie: 100n, banker_pair: 200n }, hand('tie', false, true));
    expect(s.returns).toEqual({ player: 1000n, tie: 900n, banker_pair: 2400n });
    expect(s.total).toBe(4300n);
    expect(handTotal([card(8), card(8)])).toBe(8);
  });
});
