import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every site-admin query lives under this key (issue 19, decision 040). */
const SITE_KEY = ['admin', 'site'] as const;
const CODES_KEY = [...SITE_KEY, 'codes'] as const;
const BLACKLIST_KEY = [...SITE_KEY, 'blacklist'] as const;
const ATTENDANCE_KEY = [...SITE_KEY, 'attendance'] as const;
const DOMAINS_KEY = [...SITE_KEY, 'domains'] as const;
const SETTINGS_KEY = ['admin', 'settings'] as const;

export function useCodes(body: CallBody<'/api/admin/site/codes/list'>) {
  return useQuery({ queryKey: [...CODES_KEY, body], queryFn: () => callData('/api/admin/site/codes/list', body), placeholderData: keepPreviousData });
}
export const useIssueCodes = () => useCallMutation('/api/admin/site/codes/issue', [CODES_KEY]);
export const useDeleteCode = () => useCallMutation('/api/admin/site/codes/delete', [CODES_KEY]);

/** Settings the site screens change (code validity, domain guide) go through the audited settings call. */
export const useUpdateSettings = () => useCallMutation('/api/admin/settings/update', [CODES_KEY, DOMAINS_KEY, SETTINGS_KEY]);

export function useBlacklist(body: CallBody<'/api/admin/site/blacklist/list'>) {
  return useQuery({ queryKey: [...BLACKLIST_KEY, body], queryFn: () => callData('/api/admin/site/blacklist/list', body), placeholderData: keepPreviousData });
}
export const useAddBlacklist = () => useCallMutation('/api/admin/site/blacklist/add', [BLACKLIST_KEY]);
export const useRemoveBlacklist = () => useCallMutation('/api/admin/site/blacklist/remove', [BLACKLIST_KEY]);

export function useAttendanceBonuses() {
  return useQuery({ queryKey: [...ATTENDANCE_KEY, 'bonuses'], queryFn: () => callData('/api/admin/site/attendance/bonuses', {}) });
}
export const useSetAttendanceBonuses = () => useCallMutation('/api/admin/site/attendance/setBonuses', [ATTENDANCE_KEY]);
export function useAttendance(body: CallBody<'/api/admin/site/attendance/list'>) {
  return useQuery({
    queryKey: [...ATTENDANCE_KEY, 'list', body],
    queryFn: () => callData('/api/admin/site/attendance/list', body),
    placeholderData: keepPreviousData,
  });
}

export function useDomains() {
  return useQuery({ queryKey: [...DOMAINS_KEY, 'list'], queryFn: () => callData('/api/admin/site/domains/list', {}) });
}
export const useAddDomain = () => useCallMutation('/api/admin/site/domains/add', [DOMAINS_KEY]);
export const useRemoveDomain = () => useCallMutation('/api/admin/site/domains/remove', [DOMAINS_KEY]);
export function useDomainHistory(body: CallBody<'/api/admin/site/domains/history'>) {
  return useQuery({
    queryKey: [...DOMAINS_KEY, 'history', body],
    queryFn: () => callData('/api/admin/site/domains/history', body),
    placeholderData: keepPreviousData,
  });
}

/** The ranking is "real-time": it is read again every 30 s while open. */
export function useRanking(body: CallBody<'/api/admin/site/ranking'>) {
  return useQuery({
    queryKey: [...SITE_KEY, 'ranking', body],
    queryFn: () => callData('/api/admin/site/ranking', body),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
