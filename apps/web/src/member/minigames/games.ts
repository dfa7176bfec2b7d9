import type { MinigameKey } from '@wager/contracts';

/**
 * The member pages of spec §2 and the game each one shows. One generic page serves them all;
 * the game's definition (markets, odds, draw family) comes from the server.
 */
export type Board = 'ntry' | 'bepick' | 'house';
export type GamePage = { path: string; game: MinigameKey; board: Board };

const EOS = [1, 2, 3, 4, 5] as const;

export const GAME_PAGES: readonly GamePage[] = [
  ...EOS.map((n): GamePage => ({ path: `/game/powerball/ntry/eos${n}`, game: `ntry_eos${n}`, board: 'ntry' })),
  { path: '/game/powerball/ntry/powerball', game: 'ntry_powerball', board: 'ntry' },
  { path: '/game/minigame/ntry/powerladder', game: 'ntry_powerladder', board: 'ntry' },
  { path: '/game/minigame/ntry/kenoladder', game: 'ntry_kenoladder', board: 'ntry' },
  { path: '/game/minigame/ntry/speedkeno', game: 'ntry_speedkeno', board: 'ntry' },
  ...EOS.map((n): GamePage => ({ path: `/game/powerball/bepick/eos${n}`, game: `bepick_eos${n}`, board: 'bepick' })),
  { path: '/game/powerball/bepick/happy545', game: 'bepick_happy545', board: 'bepick' },
  { path: '/game/minigame/bepick/marukhan', game: 'bepick_marukhan', board: 'bepick' },
  // Spec §1 names roulette, cockfighting and virtual sports as mini games but §2 gives them no
  // route: they get pages of the same shape on a third board (decision 024).
  { path: '/game/minigame/house/roulette', game: 'roulette', board: 'house' },
  { path: '/game/minigame/house/cockfight', game: 'cockfight', board: 'house' },
  { path: '/game/minigame/house/virtual', game: 'virtual_soccer', board: 'house' },
];

/** Spec §2: a Powerball page takes `?type=eos3` (or `powerball`) and shows that variant of its board. */
export function gameOfPage(page: GamePage, search: string): MinigameKey {
  if (!page.path.startsWith('/game/powerball/')) return page.game;
  const type = new URLSearchParams(search).get('type')?.toLowerCase();
  if (!type || !/^[a-z0-9]{1,20}$/.test(type)) return page.game;
  const wanted = `${page.board}_${type}`;
  return GAME_PAGES.find((p) => p.game === wanted && p.path.startsWith('/game/powerball/'))?.game ?? page.game;
}

/** The tab row above a game: every page on the same board. */
export function siblingsOf(board: Board): readonly GamePage[] {
  return GAME_PAGES.filter((p) => p.board === board);
}

/** After the tabs, a way to the other boards: the first page of each. */
export function otherBoards(board: Board): readonly GamePage[] {
  const boards: Board[] = ['ntry', 'bepick', 'house'];
  return boards.filter((b) => b !== board).map((b) => siblingsOf(b)[0]);
}

export function pageOfGame(game: string): GamePage | undefined {
  return GAME_PAGES.find((p) => p.game === game);
}
