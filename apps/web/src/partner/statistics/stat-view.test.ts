import { expect, test } from 'vitest';
import { statViewOf, withStatPatch } from './stat-view.ts';
import { collectPages } from './pages.ts';

const TODAY = { from: '2026-11-27', to: '2026-11-27' };
const view = (q: string) => statViewOf(new URLSearchParams(q), TODAY);

test('without dates the view is today; a malformed date or page falls back', () => {
  expect(view('')).toEqual({ ...TODAY, page: 1 });
  expect(view('from=2026-11-01&to=2026-11-20&page=3')).toEqual({ from: '2026-11-01', to: '2026-11-20', page: 3 });
  expect(view('from=yesterday&to=2026-13&page=-2')).toEqual({ ...TODAY, page: 1 });
  expect(view('page=2.5').page).toBe(1);
});

test('an upside-down range reads as its first day', () => {
  expect(view('from=2026-11-20&to=2026-11-01')).toMatchObject({ from: '2026-11-20', to: '2026-11-20' });
});

test('a filter change goes back to page 1, a page change keeps the filters, empties are dropped', () => {
  const params = new URLSearchParams('gameType=casino&page=4&search=abc');
  expect(withStatPatch(params, { from: '2026-11-01', to: '2026-11-02' }).toString()).toBe('gameType=casino&search=abc&from=2026-11-01&to=2026-11-02');
  expect(withStatPatch(params, { page: 5 }).toString()).toBe('gameType=casino&page=5&search=abc');
  expect(withStatPatch(params, { page: 1 }).toString()).toBe('gameType=casino&search=abc');
  expect(withStatPatch(params, { search: '' }).toString()).toBe('gameType=casino');
  // The original is untouched.
  expect(params.toString()).toBe('gameType=casino&page=4&search=abc');
});

test('an export collects every page by the rows answered, whatever the page size, up to the cap', async () => {
  const all = Array.from({ length: 107 }, (_, i) => i);
  const asked: number[] = [];
  const fetchPage = async (skip: number) => {
    asked.push(skip);
    return { rows: all.slice(skip, skip + 50), total: all.length };
  };
  expect(await collectPages(fetchPage)).toEqual(all);
  expect(asked).toEqual([0, 50, 100]);
  expect(await collectPages(fetchPage, 60)).toEqual(all.slice(0, 60));
  // A total that shrinks while paging (rows gone) ends on the empty page instead of looping.
  expect(await collectPages(async (skip) => ({ rows: skip === 0 ? [1, 2] : [], total: 5 }))).toEqual([1, 2]);
});
