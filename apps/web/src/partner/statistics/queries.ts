import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { collectPages } from './pages.ts';

const STATS_KEY = ['agent', 'statistics'] as const;

/** Per direct lower agent and direct member: every figure of the range (spec §2 /pa-statistics-total). */
export function useStatisticsTotal(body: CallBody<'/api/agent/statistics/total'>) {
  return useQuery({ queryKey: [...STATS_KEY, 'total', body], queryFn: () => callData('/api/agent/statistics/total', body), placeholderData: keepPreviousData });
}

/** Rolling per game type, the agent's own row and its direct lower agents' (/pa-statistics-rolling). */
export function useStatisticsRolling(body: CallBody<'/api/agent/statistics/rolling'>) {
  return useQuery({
    queryKey: [...STATS_KEY, 'rolling', body],
    queryFn: () => callData('/api/agent/statistics/rolling', body),
    placeholderData: keepPreviousData,
  });
}

/** One row per day of the range (/pa-statistics-days). */
export function useStatisticsDays(body: CallBody<'/api/agent/statistics/days'>) {
  return useQuery({ queryKey: [...STATS_KEY, 'days', body], queryFn: () => callData('/api/agent/statistics/days', body), placeholderData: keepPreviousData });
}

type Range = { from: string; to: string };

/** Every row of the total page's filter, for its XLSX. */
export const totalExportRows = (range: Range) => collectPages((skip) => callData('/api/agent/statistics/total', { ...range, skip }));

/** Every row of the rolling page's filter, for its XLSX. */
export const rollingExportRows = (range: Range) => collectPages((skip) => callData('/api/agent/statistics/rolling', { ...range, skip }));
