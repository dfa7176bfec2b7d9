import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody, CallData } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every detail query lives under this key, and the member list's: a change refreshes both. */
export const DETAIL_KEY = ['admin', 'member-detail'] as const;
const MEMBERS_KEY = ['admin', 'members'] as const;
const TREE_KEY = ['admin', 'tree'] as const;

export type AdminDetail = CallData<'/api/admin/member/detail'>;

export function useMemberDetail(userId: number) {
  return useQuery({ queryKey: [...DETAIL_KEY, userId, 'head'], queryFn: () => callData('/api/admin/member/detail', { user_id: userId }) });
}

type TabPath =
  | '/api/admin/member/detail/ledger'
  | '/api/admin/member/detail/bets'
  | '/api/admin/member/detail/bank'
  | '/api/admin/member/detail/sessions'
  | '/api/admin/member/detail/messages'
  | '/api/admin/member/detail/inquiries'
  | '/api/admin/member/detail/updates'
  | '/api/admin/member/detail/codes'
  | '/api/admin/member/detail/attendance';

/** One tab's page: the partner detail's reads with the admin's scope. */
export function useDetailTab<P extends TabPath>(path: P, body: CallBody<P> & { user_id: number }) {
  return useQuery({
    queryKey: [...DETAIL_KEY, body.user_id, path, body],
    queryFn: () => callData(path, body),
    placeholderData: keepPreviousData,
  });
}

export function useMemberCasino(body: CallBody<'/api/admin/casino/history'> & { account: string }) {
  return useQuery({ queryKey: [...DETAIL_KEY, 'casino', body], queryFn: () => callData('/api/admin/casino/history', body), placeholderData: keepPreviousData });
}

export function useGameSettings() {
  return useQuery({ queryKey: ['admin', 'game-settings'], queryFn: () => callData('/api/admin/game-settings/list', {}) });
}

export function useStatusList(body: CallBody<'/api/admin/member/list'>) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'status-list', body],
    queryFn: () => callData('/api/admin/member/list', body),
    placeholderData: keepPreviousData,
  });
}

const CHANGED = [DETAIL_KEY, MEMBERS_KEY, TREE_KEY];
export const useSetStatus = () => useCallMutation('/api/admin/member/setStatus', CHANGED);
export const useUpdateProfile = () => useCallMutation('/api/admin/member/profile/update', CHANGED);
/** The admin's password and code again: a proof for one bank-detail change (decision 050). */
export const useAdminReauth = () => useCallMutation('/api/admin/reauth');
export const useUpdateRates = () => useCallMutation('/api/admin/member/rates/update', CHANGED);
export const useSetRestrictions = () => useCallMutation('/api/admin/member/setRestrictions', CHANGED);
export const useSetPartnerAccess = () => useCallMutation('/api/admin/member/setPartnerAccess', CHANGED);
export const useSetLosing = () => useCallMutation('/api/admin/settlement/losing/open', CHANGED);
export const useResetAgentTwoFactor = () => useCallMutation('/api/admin/agent/twoFactorReset', CHANGED);
export const useAdjust = () => useCallMutation('/api/admin/ledger/adjust', CHANGED);
