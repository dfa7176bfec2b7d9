import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { ProtectionReportPage } from './protection-report-page.tsx';
import { DailyStatsPage, RankingPage, TierStatsPage } from './stats-pages.tsx';
import './stats.css';

/** Statistics by period (issue 19): daily, by tier and the member ranking, with charts and export. */
export const STATS_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/stats/daily', <DailyStatsPage />],
  ['/admin/stats/tiers', <TierStatsPage />],
  ['/admin/stats/ranking', <RankingPage />],
  ['/admin/stats/protection', <ProtectionReportPage />],
];

export const STATS_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/stats/daily', label: 'adminRoles.nav.statsDaily', icon: 'chart', id: 'stats-daily' },
  { to: '/admin/stats/tiers', label: 'adminRoles.nav.statsTiers', icon: 'chart', id: 'stats-tiers' },
  { to: '/admin/stats/ranking', label: 'adminRoles.nav.statsRanking', icon: 'chart', id: 'stats-ranking' },
  { to: '/admin/stats/protection', label: 'protectionReports.report.nav', icon: 'shield', id: 'stats-protection' },
];
