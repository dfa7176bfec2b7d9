import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallPath, PlayerLimitKey } from '@wager/contracts';
import { call, callData } from '../../api/client.ts';

/** One agent read keyed by its path and body; the previous page stays on screen while the next loads. */
function useAgentRead<P extends CallPath>(path: P, body: CallBody<P>, enabled = true) {
  return useQuery({ queryKey: ['agent', path, body], queryFn: () => callData(path, body), placeholderData: keepPreviousData, enabled });
}

export const useMemberDetail = (userId: number) => useAgentRead('/api/agent/user/detail', { user_id: userId });
export const useMemberLedger = (body: CallBody<'/api/agent/user/detail/ledger'>) => useAgentRead('/api/agent/user/detail/ledger', body);
export const useMemberBets = (body: CallBody<'/api/agent/user/detail/bets'>) => useAgentRead('/api/agent/user/detail/bets', body);
export const useMemberBank = (body: CallBody<'/api/agent/user/detail/bank'>) => useAgentRead('/api/agent/user/detail/bank', body);
export const useMemberSessions = (body: CallBody<'/api/agent/user/detail/sessions'>) => useAgentRead('/api/agent/user/detail/sessions', body);
export const useGameLogs = (body: CallBody<'/api/agent/game/logs'>) => useAgentRead('/api/agent/game/logs', body);
export const useCasinoRound = (id: number | null) => useAgentRead('/api/agent/casino/detail', { id: id ?? 0 }, id !== null);
export const useMemberLimits = (userId: number) => useAgentRead('/api/agent/user/limits/get', { user_id: userId });

/** Tightens one limit of a member below (decision 057); the answer replaces the tab's data. */
export function useTightenMemberLimit(userId: number) {
  const queryClient = useQueryClient();
  return async (key: PlayerLimitKey, value: number) => {
    const answer = await call('/api/agent/user/limits/set', { user_id: userId, limits: { [key]: value } });
    if (answer.result) queryClient.setQueryData(['agent', '/api/agent/user/limits/get', { user_id: userId }], answer.data);
    return answer;
  };
}
