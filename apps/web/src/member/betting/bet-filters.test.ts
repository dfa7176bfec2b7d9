import { describe, expect, test } from 'vitest';
import {
  activeQuickRange,
  addDays,
  DEFAULT_FILTERS,
  difference,
  filtersFromSearch,
  filtersToSearch,
  historyBody,
  quickRange,
  selectionResult,
  toneOf,
  validAmount,
} from './bet-filters.ts';

const TODAY = '2025-03-01';

describe('historyBody', () => {
  test('the default view sends only skip: the server picks its own today', () => {
    expect(historyBody(DEFAULT_FILTERS, TODAY)).toEqual({ skip: 0 });
  });
  test('page 3 skips 20 bets (10 per page) and filters are sent by their contract names', () => {
    expect(historyBody({ ...DEFAULT_FILTERS, gameType: 'sports', status: 'won', page: 3 }, TODAY)).toEqual({ skip: 20, game_type: 'sports', status: 'won' });
  });
  test('one chosen end fills the other with today; reversed ends are swapped', () => {
    expect(historyBody({ ...DEFAULT_FILTERS, from: '2025-02-20' }, TODAY)).toMatchObject({ startedAt: '2025-02-20', endedAt: TODAY });
    expect(historyBody({ ...DEFAULT_FILTERS, from: '2025-03-05', to: '2025-03-02' }, TODAY)).toMatchObject({ startedAt: '2025-03-02', endedAt: '2025-03-05' });
  });
});

describe('dates', () => {
  test('addDays crosses months and leap days', () => {
    expect(addDays(TODAY, -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });
  test('quick ranges include today', () => {
    expect(quickRange('today', TODAY)).toEqual({ from: null, to: null });
    expect(quickRange('week', TODAY)).toEqual({ from: '2025-02-23', to: null });
    expect(activeQuickRange({ ...DEFAULT_FILTERS, ...quickRange('month', TODAY) }, TODAY)).toBe('month');
    expect(activeQuickRange({ ...DEFAULT_FILTERS, from: TODAY, to: TODAY }, TODAY)).toBe('today');
    expect(activeQuickRange({ ...DEFAULT_FILTERS, from: '2025-01-01', to: '2025-01-02' }, TODAY)).toBeNull();
  });
});

describe('query string', () => {
  test('round trip', () => {
    const f = { gameType: 'minigame', status: 'open', from: '2025-02-01', to: '2025-02-03', page: 2 } as const;
    expect(filtersFromSearch(filtersToSearch(f))).toEqual(f);
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });
  test('unknown values fall back to the default view', () => {
    expect(filtersFromSearch(new URLSearchParams('type=poker&status=maybe&from=yesterday&to=2025-13-45&page=-2'))).toEqual(DEFAULT_FILTERS);
  });
});

describe('results', () => {
  test('badge tones', () => {
    expect(['won', 'lost', 'open', 'draw', 'void', 'cancelled'].map(toneOf)).toEqual(['won', 'lost', 'open', 'muted', 'muted', 'muted']);
  });
  test('selection results', () => {
    expect(selectionResult({ bet_type: 'combo', status: 'lost' }, 'WIN')).toBe('won');
    expect(selectionResult({ bet_type: 'combo', status: 'lost' }, '적특')).toBe('적특');
    expect(selectionResult({ bet_type: 'single', status: 'won' }, undefined)).toBe('won');
    expect(selectionResult({ bet_type: 'combo', status: 'open' }, undefined)).toBe('open');
    expect(selectionResult({ bet_type: 'combo', status: 'lost' }, undefined)).toBeNull();
  });
});

describe('spec §3 Bet: valid amount and difference', () => {
  test('only a decided bet is turnover; difference is winnings minus stake', () => {
    const bet = (status: 'open' | 'won' | 'lost' | 'draw' | 'void' | 'cancelled', win = '0') => ({
      status,
      amount: '10000',
      win_amount: win,
      result: status === 'draw' ? ('refund' as const) : status === 'won' && win === '5000' ? ('partial' as const) : status,
    });
    expect(validAmount(bet('open'))).toBeNull();
    expect(difference(bet('open'))).toBeNull();
    expect([validAmount(bet('won', '21000')), difference(bet('won', '21000'))]).toEqual([10_000n, 11_000n]);
    expect([validAmount(bet('won', '5000')), difference(bet('won', '5000'))]).toEqual([10_000n, -5_000n]); // half lost
    expect([validAmount(bet('lost')), difference(bet('lost'))]).toEqual([10_000n, -10_000n]);
    for (const refund of ['draw', 'void', 'cancelled'] as const)
      expect([validAmount(bet(refund, '10000')), difference(bet(refund, '10000'))]).toEqual([0n, 0n]);
    // A baccarat tie pays the stake back on a 'won' bet: a refund, not turnover.
    expect(validAmount({ ...bet('won', '10000'), result: 'refund' })).toBe(0n);
  });
});
