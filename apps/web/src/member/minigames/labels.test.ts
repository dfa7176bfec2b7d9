import { describe, expect, test } from 'vitest';
import en from '../../i18n/areas/minigames/en.ts';
import ja from '../../i18n/areas/minigames/ja.ts';
import ko from '../../i18n/areas/minigames/ko.ts';
import th from '../../i18n/areas/minigames/th.ts';
import vi from '../../i18n/areas/minigames/vi.ts';
import { VIRTUAL_TEAMS } from './fair-draws.ts';
import { pickTone } from './labels.ts';

describe('pick tones', () => {
  test('odd/even style picks take the blue and red tones', () => {
    expect(['odd', 'under', 'left', 'meron', 'line3'].map(pickTone)).toEqual(Array(5).fill('is-a'));
    expect(['even', 'over', 'right', 'wala', 'line4'].map(pickTone)).toEqual(Array(5).fill('is-b'));
    expect(pickTone('medium')).toBe('is-c');
  });

  test("roulette's colours are themselves: red is the red tone, black its own, green the third", () => {
    expect(pickTone('red')).toBe('is-b');
    expect(pickTone('black')).toBe('is-k');
    expect(pickTone('green')).toBe('is-c');
  });
});

describe('virtual soccer teams', () => {
  test('every team the draw can name has a name in each language (Korean and Japanese their own)', () => {
    for (const messages of [ko, ja, en, th, vi]) expect(Object.keys(messages.team).sort()).toEqual([...VIRTUAL_TEAMS].sort());
    for (const team of VIRTUAL_TEAMS) {
      expect((ko.team as Record<string, string>)[team]).not.toBe(team);
      expect((ja.team as Record<string, string>)[team]).not.toBe(team);
    }
  });
});
