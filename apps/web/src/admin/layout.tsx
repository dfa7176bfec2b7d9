import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { clearToken } from '../api/tokens.ts';
import { Icon, type IconName } from '../ui/icons.tsx';
import { LanguageSelect } from '../ui/language-select.tsx';
import { useAdmin } from './admin-session.tsx';
import { useAdminLogout } from './queries.ts';
import { SPORTS_ADMIN_NAV } from './sports/sports-admin-routes.tsx';
import { GAMES_ADMIN_NAV } from './games/games-admin-routes.tsx';
import { TREE_ADMIN_NAV } from './tree/tree-admin-routes.tsx';
import { MEMBERS_ADMIN_NAV } from './members/members-admin-routes.tsx';
import { RECORDS_ADMIN_NAV } from './records/records-admin-routes.tsx';
import { SITE_ADMIN_NAV } from './site/site-admin-routes.tsx';
import { ROLES_ADMIN_NAV, useMenuFilter } from './roles/roles-admin-routes.tsx';
import { STATS_ADMIN_NAV } from './stats/stats-admin-routes.tsx';
import { CONTENT_ADMIN_NAV } from './content/content-admin-routes.tsx';
import { SETTLEMENT_ADMIN_NAV } from './settlement/settlement-routes.tsx';
import { AdminShellEffects, SETTINGS_ADMIN_NAV } from './settings/settings-routes.tsx';

export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logoutCall = useAdminLogout();
  const admin = useAdmin();
  const canSee = useMenuFilter();
  const nav: { to: string; label: string; icon: IconName; end?: boolean; id?: string }[] = [
    { to: '/admin', label: t('admin.nav.dashboard'), icon: 'chart', end: true },
    { to: '/admin/members', label: t('adminOps.nav.members'), icon: 'tree', end: true, id: 'members' },
    { to: '/admin/members/pending', label: t('adminOps.nav.pending'), icon: 'clock', id: 'pending' },
    ...TREE_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
    ...MEMBERS_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
    ...SITE_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
    ...[...SETTLEMENT_ADMIN_NAV, ...STATS_ADMIN_NAV].map((n) => ({ ...n, label: t(n.label as never) as string })),
    { to: '/admin/bank/charge', label: t('adminOps.nav.charge'), icon: 'deposit', id: 'charge' },
    { to: '/admin/bank/exchange', label: t('adminOps.nav.exchange'), icon: 'withdraw', id: 'exchange' },
    ...RECORDS_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
    { to: '/admin/inquiries', label: t('adminOps.nav.inquiries'), icon: 'headset', id: 'inquiries' },
    { to: '/admin/messages/send', label: t('adminOps.nav.send'), icon: 'mail', id: 'send' },
    ...CONTENT_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
    ...[...SPORTS_ADMIN_NAV, ...GAMES_ADMIN_NAV].map((n) => ({ ...n, label: t(n.label as never) as string })),
    ...SETTINGS_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
    { to: '/admin/audit', label: t('adminOps.nav.audit'), icon: 'board', id: 'audit' },
    { to: '/admin/sessions', label: t('admin.nav.sessions'), icon: 'user' },
    { to: '/admin/ip', label: t('admin.nav.ip'), icon: 'shield' },
    ...ROLES_ADMIN_NAV.map((n) => ({ ...n, label: t(n.label as never) as string })),
  ];

  const logout = async () => {
    await logoutCall.mutateAsync(undefined);
    clearToken('admin');
    void navigate('/admin/login', { replace: true });
  };

  return (
    <div className="ad-app">
      <AdminShellEffects />
      <aside className="ad-nav">
        <div className="ad-brand">
          <span className="ad-brand-mark">W</span>
          <span>{t('admin.title')}</span>
        </div>
        {nav.filter(canSee).map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className="ad-nav-link" data-testid={`admin-nav-${item.id ?? item.icon}`}>
            <Icon name={item.icon} size={16} />
            <span>{item.label}</span>
          </NavLink>
        ))}
      </aside>
      <div className="ad-content">
        <header className="ad-header">
          <span className="ad-who" data-testid="admin-nickname">
            {admin?.nickname} <small>({admin?.account})</small>
          </span>
          <LanguageSelect />
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-logout" onClick={logout}>
            {t('auth.logout')}
          </button>
        </header>
        <main className="ad-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
