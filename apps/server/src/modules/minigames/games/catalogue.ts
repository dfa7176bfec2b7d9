import { MINIGAME_KEYS, type MinigameKey } from '@wager/contracts';
import { kenoLadder, powerLadder } from './ladder.ts';
import { cockfight, happy545, marukhan, roulette, speedKeno, virtualSoccer } from './others.ts';
import { powerball } from './powerball.ts';
import type { GameDef } from './types.ts';

/**
 * Every mini game in one place (spec §1 "Mini games", §2 routes). Rounds follow fixed time slots
 * of `intervalSeconds`; settings (closing and cancel seconds, limits) are the game settings
 * `minigame:<key>`.
 */
const eos = (board: 'ntry' | 'bepick', minutes: number): GameDef => ({
  key: `${board}_eos${minutes}` as MinigameKey,
  board,
  route: `/game/powerball/${board}/eos${minutes}`,
  intervalSeconds: minutes * 60,
  family: powerball,
});

const LIST: GameDef[] = [
  ...[1, 2, 3, 4, 5].map((m) => eos('ntry', m)),
  { key: 'ntry_powerball', board: 'ntry', route: '/game/powerball/ntry/powerball', intervalSeconds: 300, family: powerball },
  { key: 'ntry_powerladder', board: 'ntry', route: '/game/minigame/ntry/powerladder', intervalSeconds: 300, family: powerLadder },
  { key: 'ntry_kenoladder', board: 'ntry', route: '/game/minigame/ntry/kenoladder', intervalSeconds: 300, family: kenoLadder },
  { key: 'ntry_speedkeno', board: 'ntry', route: '/game/minigame/ntry/speedkeno', intervalSeconds: 300, family: speedKeno },
  ...[1, 2, 3, 4, 5].map((m) => eos('bepick', m)),
  { key: 'bepick_happy545', board: 'bepick', route: '/game/powerball/bepick/happy545', intervalSeconds: 300, family: happy545 },
  { key: 'bepick_marukhan', board: 'bepick', route: '/game/minigame/bepick/marukhan', intervalSeconds: 120, family: marukhan },
  { key: 'roulette', board: 'house', route: '/game/minigame/house/roulette', intervalSeconds: 60, family: roulette },
  { key: 'cockfight', board: 'house', route: '/game/minigame/house/cockfight', intervalSeconds: 180, family: cockfight },
  { key: 'virtual_soccer', board: 'house', route: '/game/minigame/house/virtual', intervalSeconds: 180, family: virtualSoccer },
];

export const GAMES: ReadonlyMap<MinigameKey, GameDef> = new Map(LIST.map((g) => [g.key, g]));
if (GAMES.size !== MINIGAME_KEYS.length || MINIGAME_KEYS.some((k) => !GAMES.has(k))) throw new Error('mini game catalogue and MINIGAME_KEYS differ');

export const settingsKey = (game: MinigameKey) => `minigame:${game}`;

export function findPick(game: GameDef, marketKey: string, pickKey: string) {
  const market = game.family.markets.find((m) => m.key === marketKey);
  const pick = market?.picks.find((p) => p.key === pickKey);
  return market && pick ? { market, pick } : null;
}
