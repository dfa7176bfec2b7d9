import type { BaccaratSpot } from '@wager/contracts';
import { dealHand, settleHand, shoeDealer, type Bets } from './baccarat/engine.ts';
import type { IntSource } from './int-source.ts';
import { playRound } from './slot/engine.ts';
import { LINES } from './slot/paytable.ts';

/**
 * Each game's draw as a pure function of the round's stream and the bet, giving the stored
 * result (already in the answer's shape, money as strings) and the total paid back. The
 * verification call runs the same function again from the revealed seed.
 */
export type Draw = { result: Record<string, unknown>; win: bigint };

/** Slot bets the page offers: multiples of the 20 lines, so every line win is a whole amount. */
export const SLOT_BET_OPTIONS = [1000n, 2000n, 3000n, 5000n, 10_000n, 20_000n, 50_000n, 100_000n];
/** Baccarat chips; a spot's stake is any sum of chips within the table limits. */
export const BACCARAT_CHIPS = [1000n, 5000n, 10_000n, 50_000n, 100_000n, 500_000n];
export const BACCARAT_SPOT_MIN = 1000n;
export const BACCARAT_SPOT_MAX: Record<BaccaratSpot, bigint> = {
  player: 5_000_000n,
  banker: 5_000_000n,
  tie: 1_000_000n,
  player_pair: 1_000_000n,
  banker_pair: 1_000_000n,
};

export function drawSlot(src: IntSource, bet: bigint): Draw {
  const lineBet = bet / BigInt(LINES);
  const round = playRound(src);
  const spins = round.spins.map((s) => ({
    stops: s.stops,
    window: s.window,
    lines: s.lines.map((l) => ({ line: l.line, symbol: l.symbol, count: l.count, win: String(BigInt(l.units) * lineBet) })),
    scatters: s.scatters,
    multiplier: s.multiplier,
    free_spins_awarded: s.freeSpinsAwarded,
    win: String(BigInt(s.units) * lineBet),
  }));
  return { result: { spins }, win: BigInt(round.units) * lineBet };
}

export function drawBaccarat(src: IntSource, bets: Bets): Draw {
  const hand = dealHand(shoeDealer(src));
  const settled = settleHand(bets, hand);
  const returns = Object.fromEntries(Object.entries(settled.returns).map(([spot, v]) => [spot, String(v)]));
  return {
    result: {
      hand: {
        player: hand.player,
        banker: hand.banker,
        player_total: hand.playerTotal,
        banker_total: hand.bankerTotal,
        outcome: hand.outcome,
        natural: hand.natural,
        player_pair: hand.playerPair,
        banker_pair: hand.bankerPair,
      },
      returns,
    },
    win: settled.total,
  };
}
