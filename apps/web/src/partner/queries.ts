import { useQuery } from '@tanstack/react-query';
import { call, callData } from '../api/client.ts';
import { useCallMutation } from '../api/mutations.ts';
import { setOperatingOffset } from '../lib/date.ts';
import { setOperatingCurrency } from '../lib/money.ts';

export const AGENT_INFO_KEY = ['agent', 'info'] as const;

/** The site context for the page (agent_inspection and flags); sets the operating currency. */
export function useAgentContextQuery(pathname: string, refetchInterval: number) {
  return useQuery({
    queryKey: ['agent', 'context', pathname],
    queryFn: async () => {
      const data = await callData('/api/agent/getContext', { path: pathname });
      setOperatingCurrency(data.context.currency);
      setOperatingOffset(data.context.timezone_offset_minutes);
      return data;
    },
    refetchInterval,
    placeholderData: (previous) => previous,
  });
}

export function useAgentInfo(enabled: boolean, refetchInterval: number) {
  return useQuery({ queryKey: AGENT_INFO_KEY, queryFn: () => callData('/api/agent/getAgentInfo'), enabled, refetchInterval });
}

export function useAgentRoles() {
  return useQuery({ queryKey: ['agent', 'roles'], queryFn: () => callData('/api/agent/user/getRoles'), staleTime: 60_000 });
}

/** Page view and keep-alive pings; fire and forget. */
export const reportAgentBrowse = (path: string) => call('/api/agent/browse', { path });
export const pingAgentSession = (path: string) => call('/api/agent/updateSession', { path });

export const useAgentLogin = () => useCallMutation('/api/agent/login');
export const useAgentLogout = () => useCallMutation('/api/agent/logout');
export const AGENT_TWO_FACTOR_KEY = ['agent', 'twoFactor'] as const;
export const useAgentTwoFactorStatus = (enabled: boolean) =>
  useQuery({ queryKey: AGENT_TWO_FACTOR_KEY, queryFn: () => callData('/api/agent/twoFactor/status'), enabled });
export const useAgentTwoFactorBegin = () => useCallMutation('/api/agent/twoFactor/begin');
// No invalidation: a refetched status (enabled) would replace the recovery codes before they are read; `onDone` drops the agent's queries.
export const useAgentTwoFactorConfirm = () => useCallMutation('/api/agent/twoFactor/confirm');
