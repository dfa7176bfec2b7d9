import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { PlayerLoginInfo, SystemContext } from '@wager/contracts';
import { emitSessionExpired } from '../api/events.ts';
import { clearToken, getToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { i18next } from '../i18n/index.ts';
import { showAlert } from '../ui/dialog.tsx';
import { useInterval } from '../ui/hooks.ts';
import { CONTEXT_KEY, pingSession, reportBrowse, useContextQuery, type ContextData } from './queries.ts';

export { CONTEXT_KEY };
const CONTEXT_POLL_MS = 5000;
const SESSION_UPDATE_MS = 180_000;
const LOGOUT_PATH = '/logout';

export type MemberSession = {
  context: SystemContext | undefined;
  user: PlayerLoginInfo | null;
  /** Spec §4: logged in when the login info has an account (and we still hold a token). */
  isLoggedIn: boolean;
  /** False until we know whether a stored token is still good. */
  isResolved: boolean;
  /** The first context call is still in flight: nothing about the visitor or the site is known yet. */
  isFirstLoad: boolean;
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

  const query = useContextQuery(CONTEXT_POLL_MS);

  const user = token ? (query.data?.user ?? null) : null;
  const isLoggedIn = Boolean(token && user?.account);

  // getContext reads a dead token (forced logout, idle expiry) as a guest instead of failing.
  // Forget that token; if this page had shown the player as logged in, say the session ended.
  const wasLoggedIn = useRef(false);
  const staleToken = Boolean(token && query.data && query.data.askedWith === token && !query.data.user);
  useEffect(() => {
    if (isLoggedIn) wasLoggedIn.current = true;
  }, [isLoggedIn]);
  useEffect(() => {
    if (!staleToken) return;
    clearToken('player');
    if (wasLoggedIn.current) {
      wasLoggedIn.current = false;
      emitSessionExpired('player');
    }
  }, [staleToken]);

  // The first load is the query's own; later path or token changes fetch again.
  const seen = useRef({ pathname, token });
  useEffect(() => {
    if (seen.current.pathname === pathname && seen.current.token === token) return;
    seen.current = { pathname, token };
    void queryClient.refetchQueries({ queryKey: CONTEXT_KEY });
  }, [pathname, token, queryClient]);

  // Not on /logout: that page revokes the token at once, and a browse racing it came back 401.
  useEffect(() => {
    if (isLoggedIn && pathname !== LOGOUT_PATH) void reportBrowse(pathname);
  }, [pathname, isLoggedIn]);

  // Spec §4: a member whose role may not use the member site is logged out and the page reloads.
  const deniedUserPage = isLoggedIn && user?.role_setting.isOpenUserPage === false;
  useEffect(() => {
    if (!deniedUserPage) return;
    void showAlert(i18next.t('errors.forbidden')).then(() => {
      clearToken('player');
      window.location.reload();
    });
  }, [deniedUserPage]);

  useInterval(() => void pingSession(window.location.pathname), isLoggedIn ? SESSION_UPDATE_MS : null);

  const value: MemberSession = {
    context: query.data?.context,
    user,
    isLoggedIn,
    isResolved: !token || query.isFetched,
    isFirstLoad: query.data === undefined && !query.isError,
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
  queryClient.setQueryData<ContextData>(CONTEXT_KEY, (old) => (old ? { ...old, user, askedWith: getToken('player') } : old));
}
