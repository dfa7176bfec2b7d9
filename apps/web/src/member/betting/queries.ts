import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BetRow } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { historyBody, type BetFilters } from './bet-filters.ts';

/** Every betting query lives under this key, so a placed or settled bet can refresh them all. */
export const BETTING_KEY = ['member', 'betting'] as const;

export function useBetHistory(filters: BetFilters, today: string) {
  const body = historyBody(filters, today);
  return useQuery({
    queryKey: [...BETTING_KEY, 'history', body],
    queryFn: () => callData('/api/user/bet/history', body),
    placeholderData: keepPreviousData,
  });
}

/** One bet; the list row is shown at once while the server's copy loads. */
export function useBetDetail(id: number | null, row: BetRow | undefined) {
  return useQuery({
    queryKey: [...BETTING_KEY, 'detail', id],
    queryFn: () => callData('/api/user/bet/detail', { id: id! }).then((d) => d.bet),
    enabled: id !== null && id > 0,
    placeholderData: row,
  });
}

/** A sports bet with every folder (teams, market, line, pick, odds, score, result) and whether it may be cancelled now. */
export function useSportsBetDetail(id: number) {
  return useQuery({
    queryKey: [...BETTING_KEY, 'sports-detail', id],
    queryFn: () => callData('/api/user/sports/bet/detail', { id }),
    retry: false,
  });
}

/** Cancels an open sports bet (stake refunded); the history and the detail reload. */
export const useCancelSportsBet = () => useCallMutation('/api/user/sports/bet/cancel', [BETTING_KEY]);

/** How often an open bet's cash-out offer is asked again: it follows the live odds. */
export const CASHOUT_REFRESH_MS = 3_000;

/** The current cash-out offer of one open sports bet (decision 048), refreshed while shown. */
export function useCashoutOffer(betId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...BETTING_KEY, 'cashout', betId],
    queryFn: () => callData('/api/user/sports/cashout/quote', { bet_ids: [betId] }).then((d) => d.offers[0]),
    enabled,
    refetchInterval: CASHOUT_REFRESH_MS,
    retry: false,
  });
}

/** Cashes a bet out (all or part); the history, the detail and the offers reload. */
export const useCashout = () => useCallMutation('/api/user/sports/cashout', [BETTING_KEY]);
