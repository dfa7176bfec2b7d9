import { expect, test } from 'vitest';
import { pageBlock } from './page-block.ts';

test('page numbers come in blocks of 10 with arrows to the neighbouring blocks', () => {
  expect(pageBlock(1, 0)).toEqual({ pages: 1, current: 1, first: 1, last: 1, hasPrev: false, hasNext: false });
  expect(pageBlock(3, 95)).toMatchObject({ pages: 5, first: 1, last: 5, hasPrev: false, hasNext: false });
  expect(pageBlock(10, 1000)).toMatchObject({ pages: 50, first: 1, last: 10, hasNext: true });
  expect(pageBlock(11, 1000)).toMatchObject({ first: 11, last: 20, hasPrev: true, hasNext: true });
  expect(pageBlock(47, 1000)).toMatchObject({ first: 41, last: 50, hasPrev: true, hasNext: false });
  expect(pageBlock(3, 25, 10)).toMatchObject({ pages: 3, current: 3 });
});

test('an out-of-range page is clamped', () => {
  expect(pageBlock(99, 40).current).toBe(2);
  expect(pageBlock(0, 40).current).toBe(1);
});
