import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { SportsBlockPage } from './block-page.tsx';
import { SportsHighBetsPage } from './high-bets-page.tsx';
import { SportsLeaguesPage } from './leagues-page.tsx';
import { SportsLiabilityPage } from './liability-page.tsx';
import { SportsResultsPage } from './results-page.tsx';
import { SportsSettingsPage } from './settings-page.tsx';
import { SportsTeamsPage } from './teams-page.tsx';

/** Admin sports screens (issue 9): routes under /admin/sports and their side-menu entries. */
export const SPORTS_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/sports/results', <SportsResultsPage />],
  ['/admin/sports/liability', <SportsLiabilityPage />],
  ['/admin/sports/high-bets', <SportsHighBetsPage />],
  ['/admin/sports/settings', <SportsSettingsPage />],
  ['/admin/sports/block', <SportsBlockPage />],
  ['/admin/sports/leagues', <SportsLeaguesPage />],
  ['/admin/sports/teams', <SportsTeamsPage />],
];

/** Side-menu entries; `label` is an i18n key. */
export const SPORTS_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/sports/results', label: 'adminSports.nav.results', icon: 'ball', id: 'sports-results' },
  { to: '/admin/sports/liability', label: 'adminSports.nav.liability', icon: 'chart', id: 'sports-liability' },
  { to: '/admin/sports/high-bets', label: 'adminSports.nav.highBets', icon: 'coin', id: 'sports-high-bets' },
  { to: '/admin/sports/settings', label: 'adminSports.nav.settings', icon: 'gear', id: 'sports-settings' },
  { to: '/admin/sports/block', label: 'adminSports.nav.block', icon: 'shield', id: 'sports-block' },
  { to: '/admin/sports/leagues', label: 'adminSports.nav.leagues', icon: 'tree', id: 'sports-leagues' },
  { to: '/admin/sports/teams', label: 'adminSports.nav.teams', icon: 'user', id: 'sports-teams' },
];
