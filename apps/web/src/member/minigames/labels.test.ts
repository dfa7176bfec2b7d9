import { describe, expect, test } from 'vitest';
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
