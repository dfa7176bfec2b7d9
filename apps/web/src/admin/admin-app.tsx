import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router';
import { onSessionExpired } from '../api/events.ts';
import { useBodyAudience } from '../lib/body-audience.ts';
import { BackofficeSkinProvider } from '../ui/backoffice/skin.tsx';
import { NotFoundPage } from '../ui/states.tsx';
import { RequireAdmin } from './admin-session.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { IpPage } from './ip-page.tsx';
import { AdminLayout } from './layout.tsx';
import { AdminLoginPage } from './login-page.tsx';
import { AdminTwoFactorPage } from './two-factor-page.tsx';
import { SessionsPage } from './sessions-page.tsx';
import { AuditPage } from './ops/audit-page.tsx';
import { BankPage } from './ops/bank-page.tsx';
import { InquiriesPage } from './ops/inquiries-page.tsx';
import { MembersPage } from './ops/members-page.tsx';
import { MessageSendPage } from './ops/message-send-page.tsx';
import { SPORTS_ADMIN_ROUTES } from './sports/sports-admin-routes.tsx';
import { GAMES_ADMIN_ROUTES } from './games/games-admin-routes.tsx';
import { TREE_ADMIN_ROUTES } from './tree/tree-admin-routes.tsx';
import { MEMBERS_ADMIN_ROUTES } from './members/members-admin-routes.tsx';
import { RECORDS_ADMIN_ROUTES } from './records/records-admin-routes.tsx';
import { SITE_ADMIN_ROUTES } from './site/site-admin-routes.tsx';
import { ROLES_ADMIN_ROUTES } from './roles/roles-admin-routes.tsx';
import { STATS_ADMIN_ROUTES } from './stats/stats-admin-routes.tsx';
import { CONTENT_ADMIN_ROUTES } from './content/content-admin-routes.tsx';
import { SETTLEMENT_ADMIN_ROUTES } from './settlement/settlement-routes.tsx';
import { SETTINGS_ADMIN_ROUTES } from './settings/settings-routes.tsx';
import './admin.css';
import './ops/ops.css';

export default function AdminApp() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBodyAudience('admin');
  // The client already dropped the token; an expired admin simply logs in again.
  useEffect(() => onSessionExpired('admin', () => navigate('/admin/login', { replace: true })), [navigate]);

  return (
    <BackofficeSkinProvider skin={{ prefix: 'ad', countText: (count) => t('adminOps.common.total', { count }) }}>
      <Routes>
        <Route path="/admin/login" element={<AdminLoginPage />} />
        <Route path="/admin/two-factor" element={<AdminTwoFactorPage />} />
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path="/admin" element={<DashboardPage />} />
            <Route path="/admin/sessions" element={<SessionsPage />} />
            <Route path="/admin/ip" element={<IpPage />} />
            <Route path="/admin/members" element={<MembersPage key="all" />} />
            <Route path="/admin/members/pending" element={<MembersPage key="pending" pendingOnly />} />
            <Route path="/admin/bank/charge" element={<BankPage key="charge" type="charge" />} />
            <Route path="/admin/bank/exchange" element={<BankPage key="exchange" type="exchange" />} />
            <Route path="/admin/inquiries" element={<InquiriesPage />} />
            <Route path="/admin/messages/send" element={<MessageSendPage />} />
            <Route path="/admin/audit" element={<AuditPage />} />
            {RECORDS_ADMIN_ROUTES.map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            {[
              ...TREE_ADMIN_ROUTES,
              ...MEMBERS_ADMIN_ROUTES,
              ...SETTLEMENT_ADMIN_ROUTES,
              ...SPORTS_ADMIN_ROUTES,
              ...GAMES_ADMIN_ROUTES,
              ...SETTINGS_ADMIN_ROUTES,
            ].map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            {CONTENT_ADMIN_ROUTES.map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            {[...ROLES_ADMIN_ROUTES, ...STATS_ADMIN_ROUTES].map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            {SITE_ADMIN_ROUTES.map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            <Route path="*" element={<NotFoundPage homePath="/admin" />} />
          </Route>
        </Route>
      </Routes>
    </BackofficeSkinProvider>
  );
}
