import { describe, expect, it } from 'vitest';
import { coalescer } from './coalesce.ts';

describe('coalescer', () => {
  it('serves the calls of one tick with one run, each its own answer, in order', async () => {
    const runs: number[][] = [];
    const get = coalescer(async (keys: number[]) => (runs.push(keys), keys.map((k) => k * 10)));
    expect(await Promise.all([get(1), get(2), get(3)])).toEqual([10, 20, 30]);
    expect(await get(4)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a burst above the maximum and fails every caller of a failed run', async () => {
    const runs: number[][] = [];
    const get = coalescer(async (keys: number[]) => {
      runs.push(keys);
      if (keys.includes(3)) throw new Error('boom');
      return keys;
    }, 2);
    const r = await Promise.allSettled([get(1), get(2), get(3), get(4), get(5)]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
  });
});
