import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { AGENT_INFO_KEY } from '../queries.ts';

// The partner money desk's calls (spec §2 money pages; decision 032).
const DESK_KEY = ['agent', 'desk'] as const;

export const useDeskLimits = () => useQuery({ queryKey: [...DESK_KEY, 'limits'], queryFn: () => callData('/api/agent/bank/getLimits', {}), staleTime: 60_000 });

/** The deposit account; asked again with the exchange password when the site wants one. */
export function useDeskChargeAccount(bankPassword: string | undefined) {
  return useQuery({
    queryKey: [...DESK_KEY, 'account', bankPassword ?? ''],
    queryFn: () => callData('/api/agent/bank/getChargeAccount', bankPassword ? { bank_password: bankPassword } : {}),
  });
}

export function useOwnRequests(body: CallBody<'/api/agent/bank/logs'>) {
  return useQuery({ queryKey: [...DESK_KEY, 'own', body], queryFn: () => callData('/api/agent/bank/logs', body), placeholderData: keepPreviousData });
}

export function useLowerRequests(body: CallBody<'/api/agent/bank/lowerLogs'>) {
  return useQuery({ queryKey: [...DESK_KEY, 'lower', body], queryFn: () => callData('/api/agent/bank/lowerLogs', body), placeholderData: keepPreviousData });
}

export function useMoneyReport(body: CallBody<'/api/agent/report/money'>) {
  return useQuery({ queryKey: [...DESK_KEY, 'money', body], queryFn: () => callData('/api/agent/report/money', body), placeholderData: keepPreviousData });
}

export function useTradeReport(body: CallBody<'/api/agent/report/trade'>) {
  return useQuery({ queryKey: [...DESK_KEY, 'trade', body], queryFn: () => callData('/api/agent/report/trade', body), placeholderData: keepPreviousData });
}

/** A whole filtered list for the Excel file: every page of 100 until the total is read. */
async function allPages<T>(fetch: (skip: number) => Promise<{ rows: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await fetch(skip);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}

// Every request refreshes the desk's lists and the agent's balances in the header.
export const useDeskCharge = () => useCallMutation('/api/agent/bank/charge', [DESK_KEY, AGENT_INFO_KEY]);
export const useDeskExchange = () => useCallMutation('/api/agent/bank/exchange', [DESK_KEY, AGENT_INFO_KEY]);
export const useDeskConvertPoint = () => useCallMutation('/api/agent/bank/convertPoint', [DESK_KEY, AGENT_INFO_KEY]);

// The Excel buttons' loaders: the whole filter, not only the page on screen.
type NoPage<B> = Omit<B, 'skip' | 'limit'>;
export const exportLowerRequests = (f: NoPage<CallBody<'/api/agent/bank/lowerLogs'>>) =>
  allPages((skip) => callData('/api/agent/bank/lowerLogs', { ...f, skip, limit: 100 }));
export const exportStatement = (f: NoPage<CallBody<'/api/agent/report/money'>>) =>
  allPages((skip) => callData('/api/agent/report/money', { ...f, skip, limit: 100 }));
export const exportTrade = (f: NoPage<CallBody<'/api/agent/report/trade'>>) =>
  allPages((skip) => callData('/api/agent/report/trade', { ...f, skip, limit: 100 }));
