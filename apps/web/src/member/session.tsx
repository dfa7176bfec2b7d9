import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { CallData, PlayerLoginInfo, SystemContext } from '@wager/contracts';
import { call, callData } from '../api/client.ts';
import { useToken } from '../api/use-token.ts';
import { useInterval } from '../ui/hooks.ts';

export const CONTEXT_KEY = ['member', 'context'] as const;
const CONTEXT_POLL_MS = 5000;
const SESSION_UPDATE_MS = 180_000;

type ContextData = CallData<'/api/user/getContext'>;

export type MemberSession = {
  context: SystemContext | undefined;
  user: PlayerLoginInfo | null;
  /** Spec §4: logged in when the login info has an account (and we still hold a token). */
  isLoggedIn: boolean;
  /** False until we know whether a stored token is still good. */
  isResolved: boolean;
};

const SessionContext = createContext<MemberSession | null>(null);

/**
 * Spec §7: getContext on every navigation and every 5 s; browse on every navigation and
 * updateSession every 180 s while logged in. A failed context load lets the visitor go on
 * as anonymous (spec §8 'Invalid Request').
 */
export function MemberSessionProvider({ children }: { children: ReactNode }) {
  const token = useToken('player');
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  const query = useQuery({
    queryKey: CONTEXT_KEY,
    queryFn: () => callData('/api/user/getContext', { path: window.location.pathname }),
    refetchInterval: CONTEXT_POLL_MS,
  });

  const user = token ? (query.data?.user ?? null) : null;
  const isLoggedIn = Boolean(token && user?.account);

  // The first load is the query's own; later path or token changes fetch again.
  const seen = useRef({ pathname, token });
  useEffect(() => {
    if (seen.current.pathname === pathname && seen.current.token === token) return;
    seen.current = { pathname, token };
    void queryClient.refetchQueries({ queryKey: CONTEXT_KEY });
  }, [pathname, token, queryClient]);

  useEffect(() => {
    if (isLoggedIn) void call('/api/user/browse', { path: pathname });
  }, [pathname, isLoggedIn]);

  useInterval(() => void call('/api/user/updateSession', { path: window.location.pathname }), isLoggedIn ? SESSION_UPDATE_MS : null);

  const value: MemberSession = {
    context: query.data?.context,
    user,
    isLoggedIn,
    isResolved: !token || query.isFetched,
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useMember(): MemberSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useMember outside MemberSessionProvider');
  return session;
}

/** After login the answer already carries the player: show it without waiting for the poll. */
export function primeUser(queryClient: ReturnType<typeof useQueryClient>, user: PlayerLoginInfo | null): void {
  queryClient.setQueryData<ContextData>(CONTEXT_KEY, (old) => (old ? { ...old, user } : old));
}
