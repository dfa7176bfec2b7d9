import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { AGENT_INFO_KEY } from '../queries.ts';

const DOWNLINE_KEY = ['agent', 'downline'] as const;

/** Everyone below the agent (spec §2 /pa-agent-user-list). */
export function useDownlineUsers(body: CallBody<'/api/agent/user/list'>) {
  return useQuery({ queryKey: [...DOWNLINE_KEY, 'all', body], queryFn: () => callData('/api/agent/user/list', body), placeholderData: keepPreviousData });
}

/** The agent's direct lower agents (spec §2 /pa-child-user-list). */
export function useChildAgents(body: CallBody<'/api/agent/child/list'>) {
  return useQuery({ queryKey: [...DOWNLINE_KEY, 'child', body], queryFn: () => callData('/api/agent/child/list', body), placeholderData: keepPreviousData });
}

/** Sessions of the subtree: open now (spec §2 /pa-accessor) or every login (/pa-user-connection). */
export function useSubtreeSessions(body: CallBody<'/api/agent/user/sessions'>) {
  return useQuery({ queryKey: ['agent', 'sessions', body], queryFn: () => callData('/api/agent/user/sessions', body), placeholderData: keepPreviousData });
}

// Every change refreshes the lists and the agent's own balances in the header.
export const useCreateAccount = () => useCallMutation('/api/agent/user/create', [DOWNLINE_KEY]);
export const useApproveAgent = () => useCallMutation('/api/agent/user/approve', [DOWNLINE_KEY]);
export const useStopAgent = () => useCallMutation('/api/agent/user/stop', [DOWNLINE_KEY]);
export const useMoneyUpdate = () => useCallMutation('/api/agent/child/money/update', [DOWNLINE_KEY, AGENT_INFO_KEY]);
export const useBulkAction = () => useCallMutation('/api/agent/user/bulk', [DOWNLINE_KEY]);
export const useUpdateRates = () => useCallMutation('/api/agent/user/rates/update', [DOWNLINE_KEY]);
export const usePointUpdate = () => useCallMutation('/api/agent/user/point/update', [DOWNLINE_KEY, AGENT_INFO_KEY]);

/** Casino pay-in (deposit) or pay-out (withdraw) of a member's casino money from the agent's money (spec §7). */
export function useCasinoMove() {
  const pay = useCallMutation('/api/agent/user/casino/depositBalance', [DOWNLINE_KEY, AGENT_INFO_KEY]);
  const take = useCallMutation('/api/agent/user/casino/withdrawBalance', [DOWNLINE_KEY, AGENT_INFO_KEY]);
  return {
    mutateAsync: ({ direction, body }: { direction: 'deposit' | 'withdraw'; body: CallBody<'/api/agent/user/casino/depositBalance'> }) =>
      (direction === 'deposit' ? pay : take).mutateAsync(body),
  };
}
