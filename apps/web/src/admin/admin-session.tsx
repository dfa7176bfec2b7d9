import { createContext, useContext, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useNavigate } from 'react-router';
import type { AdminLoginInfo } from '@wager/contracts';
import { call, callData } from '../api/client.ts';
import { clearToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { setOperatingCurrency } from '../lib/money.ts';
import { useInterval } from '../ui/hooks.ts';
import { Loading } from '../ui/states.tsx';

export const ADMIN_CONTEXT_KEY = ['admin', 'context'] as const;
const SESSION_UPDATE_MS = 180_000;

const AdminContext = createContext<AdminLoginInfo | null>(null);

/**
 * Admin pages need a stored admin token the server still recognises: getContext answers with
 * `admin: null` (or an error) otherwise, and we go back to /admin/login.
 */
export function RequireAdmin() {
  const token = useToken('admin');
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ADMIN_CONTEXT_KEY,
    queryFn: async () => {
      const data = await callData('/api/admin/getContext', { path: window.location.pathname });
      setOperatingCurrency(data.context.currency);
      return data;
    },
    enabled: Boolean(token),
  });
  const rejected = query.isError || (query.isSuccess && !query.data.admin);

  useEffect(() => {
    if (!token || !rejected) return;
    clearToken('admin');
    navigate('/admin/login', { replace: true });
  }, [token, rejected, navigate]);

  useInterval(() => void call('/api/admin/updateSession'), token ? SESSION_UPDATE_MS : null);

  if (!token) return <Navigate to="/admin/login" replace />;
  if (!query.data?.admin) return <Loading />;
  return (
    <AdminContext.Provider value={query.data.admin}>
      <Outlet />
    </AdminContext.Provider>
  );
}

export function useAdmin(): AdminLoginInfo | null {
  return useContext(AdminContext);
}
