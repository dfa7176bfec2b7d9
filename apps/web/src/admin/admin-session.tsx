import { createContext, useContext, useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import type { AdminLoginInfo } from '@wager/contracts';
import { clearToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { useInterval } from '../ui/hooks.ts';
import { Loading } from '../ui/states.tsx';
import { pingAdminSession, useAdminContext } from './queries.ts';

const SESSION_UPDATE_MS = 180_000;

const AdminContext = createContext<AdminLoginInfo | null>(null);

/**
 * Admin pages need a stored admin token the server still recognises: getContext answers with
 * `admin: null` (or an error) otherwise, and we go back to /admin/login.
 */
export function RequireAdmin() {
  const token = useToken('admin');
  const navigate = useNavigate();
  const query = useAdminContext(Boolean(token));
  const rejected = query.isError || (query.isSuccess && !query.data.admin);

  useEffect(() => {
    if (!token || !rejected) return;
    clearToken('admin');
    void navigate('/admin/login', { replace: true });
  }, [token, rejected, navigate]);

  useInterval(() => void pingAdminSession(), token ? SESSION_UPDATE_MS : null);

  if (!token) return <Navigate to="/admin/login" replace />;
  // Signed in with the password alone: enrolment first (decision 050).
  if (query.data?.two_factor_pending) return <Navigate to="/admin/two-factor" replace />;
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
