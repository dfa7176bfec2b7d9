import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData } from '@wager/contracts';
import { call, callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every operator query lives under one of these keys; a change refreshes its own list. */
export const MEMBERS_KEY = ['admin', 'members'] as const;
export const BANK_KEY = ['admin', 'bank'] as const;
export const INQUIRIES_KEY = ['admin', 'inquiries'] as const;
export const AUDIT_KEY = ['admin', 'audit'] as const;

export type MemberRow = CallData<'/api/admin/member/list'>['rows'][number];
type MemberFilters = CallBody<'/api/admin/member/list'>;

export function useMemberList(filters: MemberFilters) {
  return useQuery({ queryKey: [...MEMBERS_KEY, filters], queryFn: () => callData('/api/admin/member/list', filters) });
}

/** The recipient picker's search: runs only once something was typed. */
export function useMemberPick(role: 'user' | 'agent', search: string) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'pick', role, search],
    queryFn: () => callData('/api/admin/member/list', { role, search, skip: 0 }),
    enabled: search !== '',
  });
}

export const useSetMemberStatus = () => useCallMutation('/api/admin/member/setStatus', [MEMBERS_KEY]);
export const useSetRestrictions = () => useCallMutation('/api/admin/member/setRestrictions', [MEMBERS_KEY]);
export const useAdjustBalance = () => useCallMutation('/api/admin/ledger/adjust', [MEMBERS_KEY]);

export function useBankList(body: CallBody<'/api/admin/bank/list'>, refetchInterval: number) {
  return useQuery({ queryKey: [...BANK_KEY, body], queryFn: () => callData('/api/admin/bank/list', body), refetchInterval });
}

/** A refused action may still mean the request moved on (another operator): refresh either way. */
export function useProcessBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<'/api/admin/bank/process'>) => call('/api/admin/bank/process', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BANK_KEY }),
  });
}

export function useInquiryList(body: CallBody<'/api/admin/inquiry/list'>) {
  return useQuery({ queryKey: [...INQUIRIES_KEY, body], queryFn: () => callData('/api/admin/inquiry/list', body) });
}

export const useAnswerInquiry = () => useCallMutation('/api/admin/inquiry/answer', [INQUIRIES_KEY]);

export const useSendMessage = () => useCallMutation('/api/admin/message/send');

/** The audit screen's search: filters from the address bar, 20 rows a page. */
export function useAuditSearch(body: NonNullable<CallBody<'/api/admin/audit/search'>>) {
  return useQuery({ queryKey: [...AUDIT_KEY, 'search', body], queryFn: () => callData('/api/admin/audit/search', body), placeholderData: keepPreviousData });
}

export function useAuditList(skip: number) {
  const body = { skip };
  return useQuery({ queryKey: [...AUDIT_KEY, body], queryFn: () => callData('/api/admin/audit/list', body) });
}

/** The live ledger and audit-chain checks (same as `npm run ledger:verify` / `audit:verify`). */
export const useVerifyLedger = () => useCallMutation('/api/admin/ledger/verify');
export const useVerifyAudit = () => useCallMutation('/api/admin/audit/verify');
