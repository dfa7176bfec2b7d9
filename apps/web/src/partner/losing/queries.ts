import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { AGENT_INFO_KEY } from '../queries.ts';

/** Every losing query of the partner site: a pay or recover refreshes them all. */
export const LOSING_KEY = ['agent', 'losing'] as const;

/** The agent's own and its subtree's settlements (decision 031). */
export function useLosingList(body: CallBody<'/api/agent/losing/list'>) {
  return useQuery({ queryKey: [...LOSING_KEY, 'list', body], queryFn: () => callData('/api/agent/losing/list', body), placeholderData: keepPreviousData });
}

/** Every row of the filter for the XLSX (one call, the contract's cap). */
export const losingExportRows = async (range: { from: string; to: string }) => (await callData('/api/agent/losing/list', { ...range, limit: 5000 })).rows;

export const usePayLosing = () => useCallMutation('/api/agent/losing/pay', [LOSING_KEY, AGENT_INFO_KEY]);
export const useRecoverLosing = () => useCallMutation('/api/agent/losing/recover', [LOSING_KEY, AGENT_INFO_KEY]);
