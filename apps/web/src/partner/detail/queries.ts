import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody, CallPath } from '@wager/contracts';
import { callData } from '../../api/client.ts';

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
