import { describe, expect, test } from 'vitest';
import { GAME_PAGES, gameOfPage, otherBoards, siblingsOf } from './games.ts';

const page = (path: string) => GAME_PAGES.find((p) => p.path === path)!;

describe('game pages', () => {
  test('every spec §2 route and every house game has a page, each its own game', () => {
    expect(GAME_PAGES).toHaveLength(19);
    expect(new Set(GAME_PAGES.map((p) => p.game)).size).toBe(19);
    expect(new Set(GAME_PAGES.map((p) => p.path)).size).toBe(19);
    expect(GAME_PAGES.filter((p) => p.board !== 'house')).toHaveLength(16);
    for (const p of GAME_PAGES) expect(p.path).toMatch(/^\/game\/(powerball|minigame)\//);
  });

  test('a Powerball page follows ?type= within its own board', () => {
    expect(gameOfPage(page('/game/powerball/ntry/eos1'), '?type=eos3')).toBe('ntry_eos3');
    expect(gameOfPage(page('/game/powerball/bepick/eos1'), '?type=EOS5')).toBe('bepick_eos5');
    expect(gameOfPage(page('/game/powerball/ntry/eos2'), '?type=powerball')).toBe('ntry_powerball');
  });

  test('an unknown or foreign type keeps the page game', () => {
    expect(gameOfPage(page('/game/powerball/ntry/eos1'), '?type=happy545')).toBe('ntry_eos1');
    expect(gameOfPage(page('/game/powerball/ntry/eos1'), '?type=powerladder')).toBe('ntry_eos1');
    expect(gameOfPage(page('/game/powerball/ntry/eos1'), '?type=<x>')).toBe('ntry_eos1');
    expect(gameOfPage(page('/game/minigame/ntry/powerladder'), '?type=eos3')).toBe('ntry_powerladder');
  });

  test('each board links to the first page of the two others', () => {
    expect(otherBoards('ntry').map((p) => p.path)).toEqual(['/game/powerball/bepick/eos1', '/game/minigame/house/roulette']);
    expect(otherBoards('house').map((p) => p.game)).toEqual(['ntry_eos1', 'bepick_eos1']);
  });

  test('siblings are the pages of one board', () => {
    expect(siblingsOf('bepick').map((p) => p.game)).toEqual([
      'bepick_eos1',
      'bepick_eos2',
      'bepick_eos3',
      'bepick_eos4',
      'bepick_eos5',
      'bepick_happy545',
      'bepick_marukhan',
    ]);
  });
});
