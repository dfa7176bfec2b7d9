import { describe, expect, it } from 'vitest';
import { chartValue } from './figures.ts';

describe('statistics chart values', () => {
  it('draws money strings as numbers, negative ones included', () => {
    expect(chartValue('35000')).toBe(35000);
    expect(chartValue('-10500')).toBe(-10500);
    expect(chartValue('0')).toBe(0);
  });
});
