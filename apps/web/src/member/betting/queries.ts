import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BetRow } from '@wager/contracts';
import { ApiFailure, callData } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
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

/** The translated text for a failed query (errors.<code> with the error's params). */
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure) return errorText(error);
  return errorText({ code: 'internal', message: '' });
}
