import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { PER_PAGE } from '../../ui/backoffice/paging.ts';

const STATS_KEY = ['admin', 'stats'] as const;
type Range = { from: string; to: string };

export function useDailyStats(range: Range) {
  return useQuery({
    queryKey: [...STATS_KEY, 'daily', range],
    queryFn: () => callData('/api/admin/statistics/daily', range),
    placeholderData: keepPreviousData,
  });
}

export function useTierStats(range: Range) {
  return useQuery({
    queryKey: [...STATS_KEY, 'tiers', range],
    queryFn: () => callData('/api/admin/statistics/tiers', range),
    placeholderData: keepPreviousData,
  });
}

type RankingBody = NonNullable<CallBody<'/api/admin/statistics/ranking'>>;

export function useRanking(body: RankingBody) {
  return useQuery({
    queryKey: [...STATS_KEY, 'ranking', body],
    queryFn: () => callData('/api/admin/statistics/ranking', body),
    placeholderData: keepPreviousData,
  });
}

/** Every page of the ranking for the export, in rank order. */
export async function rankingExportRows(body: Omit<RankingBody, 'skip'>) {
  const first = await callData('/api/admin/statistics/ranking', { ...body, skip: 0 });
  const rows = [...first.rows];
  for (let skip = PER_PAGE; skip < first.total; skip += PER_PAGE) rows.push(...(await callData('/api/admin/statistics/ranking', { ...body, skip })).rows);
  return rows;
}

type ProtectionBody = NonNullable<CallBody<'/api/admin/reports/protection'>>;

/** The protection report of a period (issue 23, decision 059): per day, totals and a page of events. */
export function useProtectionReport(body: ProtectionBody) {
  return useQuery({
    queryKey: [...STATS_KEY, 'protection', body],
    queryFn: () => callData('/api/admin/reports/protection', body),
    placeholderData: keepPreviousData,
  });
}

/** Every event of the period for the export, newest first. */
export async function protectionEventRows(body: Omit<ProtectionBody, 'skip'>) {
  const first = await callData('/api/admin/reports/protection', { ...body, skip: 0 });
  const rows = [...first.events];
  for (let skip = PER_PAGE; skip < first.total; skip += PER_PAGE) rows.push(...(await callData('/api/admin/reports/protection', { ...body, skip })).events);
  return rows;
}
