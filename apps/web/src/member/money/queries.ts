import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BankRequest, CallBody } from '@wager/contracts';
import { call, callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every money screen's queries live under this key, so one submit refreshes them all. */
export const MONEY_KEY = ['member', 'money'] as const;

/** Charge/exchange/point rules as the server applies them (min, max, unit, blackout, password). */
export function useBankLimits() {
  return useQuery({
    queryKey: [...MONEY_KEY, 'limits'],
    queryFn: () => callData('/api/user/bank/getLimits', {}),
    staleTime: 60_000,
  });
}

/** The player's own deposit and loss limits (responsible play). */
export function usePlayLimits(enabled = true) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'play-limits'],
    queryFn: () => callData('/api/user/limits/get', {}),
    enabled,
  });
}

type HistoryBody = CallBody<'/api/user/bank/getPointLogs'>;
const BANK_HISTORY_PATHS = { charge: '/api/user/bank/getAccountChargeLogs', exchange: '/api/user/bank/getAccountExchangeLogs' } as const;

/** Charge or exchange requests; while one waits for the back office, looks again every `waitingPollMs`. */
export function useBankHistory(type: BankRequest['type'], body: HistoryBody, waitingPollMs: number) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'history', type, body],
    queryFn: () => callData(BANK_HISTORY_PATHS[type], body),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.logs.some((log) => log.status === 'waiting') ? waitingPollMs : false),
  });
}

export function usePointLogs(body: HistoryBody) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'points', body],
    queryFn: () => callData('/api/user/bank/getPointLogs', body),
    placeholderData: keepPreviousData,
  });
}

export function useConversions(body: CallBody<'/api/user/bank/getConversions'>) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'conversions', body],
    queryFn: () => callData('/api/user/bank/getConversions', body),
    placeholderData: keepPreviousData,
  });
}

// Money mutations resolve with the whole answer; the screens apply the balances it carries and
// refresh the wallet themselves (useRefreshWallet), so these invalidate nothing more.
export const useCharge = () => useCallMutation('/api/user/bank/charge');
export const useExchange = () => useCallMutation('/api/user/bank/exchange');
export const useConvertPoint = () => useCallMutation('/api/user/bank/convertPoint');
export const useConvertCasino = () => useCallMutation('/api/user/bank/convertCasino');
export const useConvertEgg = () => useCallMutation('/api/user/bank/convertEgg');
export const useSetPlayLimits = () => useCallMutation('/api/user/limits/set');
export const useSelfExclude = () => useCallMutation('/api/user/limits/selfExclude');
/** The quick "send me the deposit account" inquiry (spec §7/§8). */
export const useQuickAccount = () => useCallMutation('/api/user/inquiry/quickAccount');

/**
 * The deposit account, asked without the exchange password first: a permanent account already
 * verified in this session answers at once (spec §5), otherwise the server asks for the password.
 */
export function useChargeAccount(enabled: boolean) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'account'],
    queryFn: () => callData('/api/user/bank/getChargeAccount', {}),
    enabled,
    retry: false,
  });
}

/** Shows the deposit account after the exchange password. */
export const revealChargeAccount = (pin: string) => call('/api/user/bank/getChargeAccount', { bank_password: pin });

/** Spec §8 "clear all transition details": hides the member's conversion records from their history. */
export const clearConversions = (requestId: string) => call('/api/user/bank/clearConversions', { request_id: requestId });

export type PasswordChangeInput = { current: string; next: string; confirm: string; requestId: string };

/** Spec §5 password change; the answer (success or the failure to show) goes back to the form. */
export function changePassword(input: PasswordChangeInput) {
  return call('/api/user/changePassword', {
    current_password: input.current,
    new_password: input.next,
    confirm_password: input.confirm,
    request_id: input.requestId,
  });
}

type StatementBody = NonNullable<CallBody<'/api/user/statement'>>;

/** The member's activity statement, a page of postings with the balance after each (decision 059). */
export function useStatement(body: StatementBody) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'statement', body],
    queryFn: () => callData('/api/user/statement', body),
    placeholderData: keepPreviousData,
  });
}

/** Every posting of the period for the export and the print view (500 a call, at most 20 000). */
export async function statementRows(body: Omit<StatementBody, 'skip' | 'limit'>) {
  const limit = 500;
  const first = await callData('/api/user/statement', { ...body, skip: 0, limit });
  const rows = [...first.rows];
  for (let skip = limit; skip < Math.min(first.total, 20_000); skip += limit)
    rows.push(...(await callData('/api/user/statement', { ...body, skip, limit })).rows);
  return { ...first, rows };
}
