import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { onSessionExpired } from '../api/events.ts';
import { useBodyAudience } from '../lib/body-audience.ts';
import { NotFoundPage } from '../ui/states.tsx';
import { RequireAdmin } from './admin-session.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { IpPage } from './ip-page.tsx';
import { AdminLayout } from './layout.tsx';
import { AdminLoginPage } from './login-page.tsx';
import { SessionsPage } from './sessions-page.tsx';
import './admin.css';

export default function AdminApp() {
  const navigate = useNavigate();
  useBodyAudience('admin');
  // The client already dropped the token; an expired admin simply logs in again.
  useEffect(() => onSessionExpired('admin', () => navigate('/admin/login', { replace: true })), [navigate]);

  return (
    <Routes>
      <Route path="/admin/login" element={<AdminLoginPage />} />
      <Route element={<RequireAdmin />}>
        <Route element={<AdminLayout />}>
          <Route path="/admin" element={<DashboardPage />} />
          <Route path="/admin/sessions" element={<SessionsPage />} />
          <Route path="/admin/ip" element={<IpPage />} />
          <Route path="*" element={<NotFoundPage homePath="/admin" />} />
        </Route>
      </Route>
    </Routes>
  );
}
