import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';

/** Casino and slot rounds of the agent's downline (any depth). */
export function useDownlineCasinoHistory(body: CallBody<'/api/agent/casino/history'>) {
  return useQuery({
    queryKey: ['agent', 'casino', 'history', body],
    queryFn: () => callData('/api/agent/casino/history', body),
    placeholderData: keepPreviousData,
  });
}
