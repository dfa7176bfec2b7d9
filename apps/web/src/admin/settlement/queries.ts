import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every admin settlement query: a run, a payment or an initialisation refreshes them all. */
export const SETTLEMENT_KEY = ['admin', 'settlement'] as const;

export function useAdminLosingList(body: CallBody<'/api/admin/settlement/losing/list'>) {
  return useQuery({
    queryKey: [...SETTLEMENT_KEY, 'list', body],
    queryFn: () => callData('/api/admin/settlement/losing/list', body),
    placeholderData: keepPreviousData,
  });
}

export const adminLosingExportRows = async (range: { from: string; to: string }) =>
  (await callData('/api/admin/settlement/losing/list', { ...range, limit: 5000 })).rows;

export function useLosingPeriods() {
  return useQuery({ queryKey: [...SETTLEMENT_KEY, 'periods'], queryFn: () => callData('/api/admin/settlement/losing/periods', {}) });
}

/** The latest initialisation job; polled every second while one runs (its progress bar). */
export function useInitStatus() {
  return useQuery({
    queryKey: [...SETTLEMENT_KEY, 'init'],
    queryFn: () => callData('/api/admin/settlement/initialise/status', {}),
    refetchInterval: (q) => (q.state.data?.job?.status === 'running' ? 1000 : false),
  });
}

export const useRunPeriod = () => useCallMutation('/api/admin/settlement/losing/run', [SETTLEMENT_KEY]);
export const useAdminPayLosing = () => useCallMutation('/api/admin/settlement/losing/pay', [SETTLEMENT_KEY]);
export const useAdminRecoverLosing = () => useCallMutation('/api/admin/settlement/losing/recover', [SETTLEMENT_KEY]);
export const useStartInit = () => useCallMutation('/api/admin/settlement/initialise', [SETTLEMENT_KEY]);
