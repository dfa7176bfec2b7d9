import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../api/client.ts';
import { clearToken, hasToken } from '../../api/tokens.ts';
import { Loading } from '../../ui/states.tsx';
import { primeUser } from '../session.tsx';

/** /logout: ends the session on the server, forgets the token, goes home. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (hasToken('player')) await call('/api/user/logout');
      if (cancelled) return;
      clearToken('player');
      primeUser(queryClient, null);
      navigate('/', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return <Loading />;
}
