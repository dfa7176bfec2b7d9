import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearToken, hasToken } from '../../api/tokens.ts';
import { Loading } from '../../ui/states.tsx';
import { useMemberLogout } from '../queries.ts';
import { primeUser } from '../session.tsx';

/** /logout: ends the session on the server, forgets the token, goes home. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMemberLogout();
  const { mutateAsync: logoutCall } = logout;
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (hasToken('player')) await logoutCall(undefined);
      if (cancelled) return;
      clearToken('player');
      primeUser(queryClient, null);
      await navigate('/', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient, logoutCall]);
  return <Loading />;
}
