import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { AttendancePage } from './attendance-page.tsx';
import { BlacklistPage } from './blacklist-page.tsx';
import { CodesPage } from './codes-page.tsx';
import { DomainsPage } from './domains-page.tsx';
import { RankingPage } from './ranking-page.tsx';
import './site.css';

/** Admin site screens (issue 19, decision 040): routes and their side-menu entries. */
export const SITE_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/codes', <CodesPage />],
  ['/admin/attendance', <AttendancePage />],
  ['/admin/domains', <DomainsPage />],
  ['/admin/ranking', <RankingPage />],
  ['/admin/blacklist', <BlacklistPage />],
];

/** Side-menu entries; `label` is an i18n key. */
export const SITE_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/ranking', label: 'adminSite.nav.ranking', icon: 'chart', id: 'ranking' },
  { to: '/admin/codes', label: 'adminSite.nav.codes', icon: 'gift', id: 'codes' },
  { to: '/admin/attendance', label: 'adminSite.nav.attendance', icon: 'clock', id: 'attendance' },
  { to: '/admin/domains', label: 'adminSite.nav.domains', icon: 'external', id: 'domains' },
  { to: '/admin/blacklist', label: 'adminSite.nav.blacklist', icon: 'shield', id: 'blacklist' },
];
