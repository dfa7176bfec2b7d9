import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerLoginInfo } from '@wager/contracts';
import { currencyLabel } from '../../lib/money.ts';
import { callData } from '../../api/client.ts';
import { CONTEXT_KEY, primeUser, useMember } from '../session.tsx';
import { todayOf } from './money-rules.ts';

/** Every money screen's queries live under this key, so one submit refreshes them all. */
export const MONEY_KEY = ['member', 'money'] as const;

/** Charge/exchange/point rules as the server applies them (min, max, unit, blackout, password). */
export function useBankLimits() {
  return useQuery({
    queryKey: [...MONEY_KEY, 'limits'],
    queryFn: () => callData('/api/user/bank/getLimits', {}),
    staleTime: 60_000,
  });
}

type Balances = Partial<Pick<PlayerLoginInfo, 'money' | 'point' | 'egg' | 'balance'>>;

/**
 * After a money call: show the balances the answer carries at once (header, profile), then
 * reload the context and this area's lists.
 */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  const { user } = useMember();
  return useCallback(
    (balances?: Balances) => {
      if (user && balances) primeUser(queryClient, { ...user, ...balances });
      void queryClient.invalidateQueries({ queryKey: CONTEXT_KEY });
      void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
    },
    [queryClient, user],
  );
}

/** Today's date on the server's clock, for the history filters. */
export function useServerToday(): string {
  const { context } = useMember();
  const now = Date.now();
  return todayOf(context?.server_time, now, now);
}

/** The operating currency's sign in the reader's language, written after an amount field (decision 013). */
export function currencyOf(language: string): string {
  return currencyLabel(language);
}
