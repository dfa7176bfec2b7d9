import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { call, callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every admin-records query lives under this key. */
export const RECORDS_KEY = ['admin', 'records'] as const;
const BANK_KEY = ['admin', 'bank'] as const;
const MEMBERS_KEY = ['admin', 'members'] as const;

type NoSkip<B> = Omit<B, 'skip'>;
/** The Excel loaders read the whole filter, 20 rows a call (the lists' page size), up to this many rows. */
const EXPORT_MAX = 5_000;

async function allPages<T>(fetch: (skip: number) => Promise<{ rows: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let skip = 0; rows.length < EXPORT_MAX; skip += 20) {
    const page = await fetch(skip);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) break;
  }
  return rows;
}

export function useBetList(body: CallBody<'/api/admin/bet/list'>) {
  return useQuery({ queryKey: [...RECORDS_KEY, 'bets', body], queryFn: () => callData('/api/admin/bet/list', body) });
}
export const exportBets = (f: NoSkip<CallBody<'/api/admin/bet/list'>>) => allPages((skip) => callData('/api/admin/bet/list', { ...f, skip }));

export function useConversionList(body: CallBody<'/api/admin/conversion/list'>) {
  return useQuery({ queryKey: [...RECORDS_KEY, 'conversions', body], queryFn: () => callData('/api/admin/conversion/list', body) });
}
export const exportConversions = (f: NoSkip<CallBody<'/api/admin/conversion/list'>>) =>
  allPages((skip) => callData('/api/admin/conversion/list', { ...f, skip }));

/** Bulk approval refreshes the bank lists whatever the rows' outcomes. */
export function useBulkApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<'/api/admin/bank/bulkApprove'>) => call('/api/admin/bank/bulkApprove', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BANK_KEY }),
  });
}

export const usePreviewImport = () => useCallMutation('/api/admin/member/import/preview');
export const useStartImport = () => useCallMutation('/api/admin/member/import/start', [MEMBERS_KEY]);

/** The running import's progress, polled every half second until it ends. */
export function useImportJob(jobId: number | null) {
  return useQuery({
    queryKey: [...RECORDS_KEY, 'import', jobId],
    queryFn: () => callData('/api/admin/member/import/status', { job_id: jobId! }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.job.status === 'running' || q.state.data === undefined ? 500 : false),
  });
}
