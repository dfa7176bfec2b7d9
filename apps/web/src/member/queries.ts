import { useQuery } from '@tanstack/react-query';
import type { CallData } from '@wager/contracts';
import { call, callData } from '../api/client.ts';
import { useCallMutation } from '../api/mutations.ts';
import { getToken } from '../api/tokens.ts';
import { setOperatingOffset } from '../lib/date.ts';
import { setOperatingCurrency } from '../lib/money.ts';

/** The member shell's calls: the polled context, page views, keep-alive and logout. */
export const CONTEXT_KEY = ['member', 'context'] as const;

/** The answer plus the token it was asked with, so a late answer cannot judge a newer token. */
export type ContextData = CallData<'/api/user/getContext'> & { askedWith: string | null };

async function fetchContext(): Promise<ContextData> {
  const askedWith = getToken('player');
  const data = await callData('/api/user/getContext', { path: window.location.pathname });
  setOperatingCurrency(data.context.currency);
  setOperatingOffset(data.context.timezone_offset_minutes);
  return { ...data, askedWith };
}

export function useContextQuery(refetchInterval: number) {
  return useQuery({ queryKey: CONTEXT_KEY, queryFn: fetchContext, refetchInterval });
}

/** Page view and keep-alive pings; fire and forget. */
export const reportBrowse = (path: string) => call('/api/user/browse', { path });
export const pingSession = (path: string) => call('/api/user/updateSession', { path });

export const useMemberLogout = () => useCallMutation('/api/user/logout');
