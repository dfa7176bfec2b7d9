import { useQuery } from '@tanstack/react-query';
import { callData } from '../../api/client.ts';
import { MONEY_KEY } from './use-money.ts';

export const LIMIT_KEYS = ['deposit_daily', 'deposit_monthly', 'loss_daily'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** The player's own deposit and loss limits (responsible play). */
export function usePlayLimits(enabled = true) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'play-limits'],
    queryFn: () => callData('/api/user/limits/get', {}),
    enabled,
  });
}
