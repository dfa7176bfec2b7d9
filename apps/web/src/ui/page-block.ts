export const PAGES_PER_BLOCK = 10;

export type PageBlock = { pages: number; current: number; first: number; last: number; hasPrev: boolean; hasNext: boolean };

/** Which block of 10 page numbers holds the current page (spec §2/§9 pagination). */
export function pageBlock(page: number, total: number, perPage = 20): PageBlock {
  const pages = Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const first = Math.floor((current - 1) / PAGES_PER_BLOCK) * PAGES_PER_BLOCK + 1;
  const last = Math.min(first + PAGES_PER_BLOCK - 1, pages);
  return { pages, current, first, last, hasPrev: first > 1, hasNext: last < pages };
}
