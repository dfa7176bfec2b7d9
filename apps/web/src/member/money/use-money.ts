import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PlayerLoginInfo } from '@wager/contracts';
import { currencyLabel } from '../../lib/money.ts';
import { CONTEXT_KEY, primeUser, useMember } from '../session.tsx';
import { todayOf } from '../../ui/money-rules.ts';
import { MONEY_KEY } from './queries.ts';

// The money queries (MONEY_KEY, useBankLimits …) live in queries.ts; re-exported for the screens.
export { MONEY_KEY, useBankLimits } from './queries.ts';

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
