import { useQuery } from '@tanstack/react-query';
import type { Audience } from '@wager/contracts';
import { call, callData } from '../api/client.ts';
import { useCallMutation } from '../api/mutations.ts';
import { setOperatingOffset } from '../lib/date.ts';
import { setOperatingCurrency } from '../lib/money.ts';

export const ADMIN_CONTEXT_KEY = ['admin', 'context'] as const;
export const SESSIONS_KEY = ['admin', 'sessions'] as const;
const ipKey = (kind: IpKind) => ['admin', 'ip', kind] as const;
export type IpKind = 'admin_allow' | 'block';

/** The signed-in admin (null when the token is no longer recognised); sets the operating currency. */
export function useAdminContext(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_CONTEXT_KEY,
    queryFn: async () => {
      const data = await callData('/api/admin/getContext', { path: window.location.pathname });
      setOperatingCurrency(data.context.currency);
      setOperatingOffset(data.context.timezone_offset_minutes);
      return data;
    },
    enabled,
  });
}

/** Keeps the admin session alive (idle expiry); fire and forget. */
export const pingAdminSession = () => call('/api/admin/updateSession');

export const useAdminLogin = () => useCallMutation('/api/admin/login');
export const useAdminLogout = () => useCallMutation('/api/admin/logout');
export const useAdminTwoFactorBegin = () => useCallMutation('/api/admin/twoFactor/begin');
export const useAdminTwoFactorConfirm = () => useCallMutation('/api/admin/twoFactor/confirm');

export function useDashboard(refetchInterval: number) {
  return useQuery({ queryKey: ['admin', 'dashboard'], queryFn: () => callData('/api/admin/dashboard'), refetchInterval });
}

export function useIpList(kind: IpKind) {
  return useQuery({ queryKey: ipKey(kind), queryFn: () => callData('/api/admin/ip/list', { kind }) });
}
export const useAddIp = (kind: IpKind) => useCallMutation('/api/admin/ip/add', [ipKey(kind)]);
export const useRemoveIp = (kind: IpKind) => useCallMutation('/api/admin/ip/remove', [ipKey(kind)]);

export function useSessionList(audience: Audience | '') {
  return useQuery({
    queryKey: [...SESSIONS_KEY, audience],
    queryFn: () => callData('/api/admin/session/list', audience ? { audience } : {}),
  });
}
export const useForceLogout = () => useCallMutation('/api/admin/session/forceLogout', [SESSIONS_KEY]);
