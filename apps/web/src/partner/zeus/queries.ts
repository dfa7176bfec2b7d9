import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody, RoleName } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { collectPages } from '../statistics/pages.ts';

const ZEUS_KEY = ['agent', 'zeus'] as const;

/** Today's figures of the subtree and its last 30 days (/pa-zeus-home). */
export function useZeusHome() {
  return useQuery({ queryKey: [...ZEUS_KEY, 'home'], queryFn: () => callData('/api/agent/zeus/home', {}) });
}

/** Rolling of one game group per direct lower agent (/pa-zeus-statistics-rolling?gameType=). */
export function useZeusRolling(body: CallBody<'/api/agent/zeus/statistics/rolling'>) {
  return useQuery({
    queryKey: [...ZEUS_KEY, 'rolling', body],
    queryFn: () => callData('/api/agent/zeus/statistics/rolling', body),
    placeholderData: keepPreviousData,
  });
}

/** One row per day by bet family (/pa-zeus-daily-bettings). */
export function useZeusDailyBettings(body: CallBody<'/api/agent/zeus/daily-bettings'>) {
  return useQuery({
    queryKey: [...ZEUS_KEY, 'daily', body],
    queryFn: () => callData('/api/agent/zeus/daily-bettings', body),
    placeholderData: keepPreviousData,
  });
}

/** The three member/agent betting lists share one shape; each screen names its call. */
export const USER_BETTING_CALLS = {
  daily: '/api/agent/zeus/user-daily-bettings',
  role: '/api/agent/zeus/role-user-daily-bettings',
  total: '/api/agent/zeus/total-user-bettings',
} as const;
export type UserBettingKind = keyof typeof USER_BETTING_CALLS;
type UserBettingBody = { from: string; to: string; skip?: number; search?: string; roleName?: RoleName };

async function userBettings(kind: UserBettingKind, body: UserBettingBody) {
  if (kind !== 'role') return callData(USER_BETTING_CALLS[kind], body);
  const { roleName, ...rest } = body;
  // The role screen asks only once a tier is chosen (the query is disabled before).
  if (!roleName) throw new Error('roleName is required');
  return callData(USER_BETTING_CALLS.role, { ...rest, roleName });
}

export function useUserBettings(kind: UserBettingKind, body: UserBettingBody, enabled = true) {
  return useQuery({ queryKey: [...ZEUS_KEY, 'users', kind, body], queryFn: () => userBettings(kind, body), placeholderData: keepPreviousData, enabled });
}

/** Every row of a user betting list's filter, for its XLSX. */
export const userBettingExportRows = (kind: UserBettingKind, body: Omit<UserBettingBody, 'skip'>) =>
  collectPages((skip) => userBettings(kind, { ...body, skip }));

/** Every row of the zeus rolling list's filter, for its XLSX. */
export const zeusRollingExportRows = (body: Omit<CallBody<'/api/agent/zeus/statistics/rolling'>, 'skip'>) =>
  collectPages((skip) => callData('/api/agent/zeus/statistics/rolling', { ...body, skip }));
