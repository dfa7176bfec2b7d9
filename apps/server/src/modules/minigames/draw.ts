import type { MinigameResult } from '@wager/contracts';
import { drawStream } from '../../platform/fair.ts';
import type { GameDef } from './games/types.ts';

/**
 * The documented draw (decision 019): the round's revealed seed keys the HMAC-SHA256 stream over
 * `${game}:${round number}:${entropy}`; the game's family reads balls and numbers from it.
 * Pure: `npm run verify:round` runs this same function on public data.
 */
export const drawMessage = (game: string, number: number, entropy: string) => `${game}:${number}:${entropy}`;

export function drawResult(game: GameDef, seedHex: string, number: number, entropy: string): MinigameResult {
  const draw = game.family.draw(drawStream(seedHex, drawMessage(game.key, number, entropy)));
  return { draw, winners: game.family.winners(draw) };
}

/** A selection against a result: the winning pick wins, a market without a winner is refunded. */
export function outcomeOf(result: MinigameResult, market: string, pick: string): 'won' | 'lost' | 'draw' {
  const w = result.winners[market];
  if (w === undefined) return 'draw';
  return w === pick ? 'won' : 'lost';
}
