import type { IntSource } from '../int-source.ts';

/**
 * Punto banco with the real drawing rules, dealt from a full 8-deck shoe (decision 022: each
 * round is an independent deal from a fresh shoe drawn from the round's fair stream).
 */

export const DECKS = 8;
export const SHOE = DECKS * 52;
/** A card: rank 0 (ace) … 12 (king), suit 0…3 (spades, hearts, diamonds, clubs). */
export type Card = { rank: number; suit: number };
export const SPOTS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type Spot = (typeof SPOTS)[number];
export type Outcome = 'player' | 'banker' | 'tie';

/** Baccarat value: ace 1, 2–9 face value, tens and faces 0. */
export const cardValue = (c: Card) => (c.rank >= 9 ? 0 : c.rank + 1);
export const handTotal = (cards: readonly Card[]) => cards.reduce((t, c) => t + cardValue(c), 0) % 10;

/** Whether the player takes a third card (no natural on either side). */
export const playerDraws = (playerTotal: number) => playerTotal <= 5;

/**
 * The banker's third-card rule. `playerThird` is the VALUE of the player's third card, or null
 * when the player stood.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export type Hand = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: Outcome;
  natural: boolean;
  playerPair: boolean;
  bankerPair: boolean;
};

/** Draws cards without replacement from the 416-card shoe (a partial Fisher–Yates shuffle). */
export function shoeDealer(src: IntSource) {
  const shoe = Int16Array.from({ length: SHOE }, (_, i) => i);
  let dealt = 0;
  return (): Card => {
    const j = dealt + src.int(0, SHOE - dealt);
    const card = shoe[j];
    shoe[j] = shoe[dealt];
    shoe[dealt] = card;
    dealt++;
    const c = card % 52;
    return { rank: c % 13, suit: Math.floor(c / 13) };
  };
}

/** Deals one hand: player, banker, player, banker, then the third-card rules. */
export function dealHand(next: () => Card): Hand {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p2 = handTotal(player);
  const b2 = handTotal(banker);
  const natural = p2 >= 8 || b2 >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(p2)) {
      const card = next();
      player.push(card);
      playerThird = cardValue(card);
    }
    if (bankerDraws(b2, playerThird)) banker.push(next());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    outcome: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    natural,
    playerPair: player[0].rank === player[1].rank,
    bankerPair: banker[0].rank === banker[1].rank,
  };
}

/**
 * What a stake on a spot returns (stake included; 0 = lost): player 1:1, banker 0.95:1 with the
 * commission's fraction floored, tie 8:1 (player and banker push on a tie), pairs 11:1.
 */
export function spotReturn(spot: Spot, stake: bigint, hand: Hand): bigint {
  switch (spot) {
    case 'player':
      return hand.outcome === 'player' ? stake * 2n : hand.outcome === 'tie' ? stake : 0n;
    case 'banker':
      return hand.outcome === 'banker' ? stake + (stake * 95n) / 100n : hand.outcome === 'tie' ? stake : 0n;
    case 'tie':
      return hand.outcome === 'tie' ? stake * 9n : 0n;
    case 'player_pair':
      return hand.playerPair ? stake * 12n : 0n;
    case 'banker_pair':
      return hand.bankerPair ? stake * 12n : 0n;
  }
}

export type Bets = Partial<Record<Spot, bigint>>;
export function settleHand(bets: Bets, hand: Hand) {
  const returns: Partial<Record<Spot, bigint>> = {};
  let total = 0n;
  for (const spot of SPOTS) {
    const stake = bets[spot];
    if (!stake) continue;
    returns[spot] = spotReturn(spot, stake, hand);
    total += returns[spot];
  }
  return { returns, total };
}
