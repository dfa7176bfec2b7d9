import type { AgentLoginInfo, SystemContext } from '@wager/contracts';
import type { IconName } from '../ui/icons.tsx';

/** Every partner path that has a menu label (spec §2 agent routes). */
export type PartnerPath =
  | '/pa-agent-user-list'
  | '/pa-agent-user-list-by-role'
  | '/pa-child-user-list'
  | '/pa-users'
  | '/pa-accessor'
  | '/pa-user-connection'
  | '/pa-register'
  | '/pa-create-agent'
  | '/pa-notice'
  | '/pa-customer'
  | '/pa-message'
  | '/pa-user-detail'
  | '/pa-user-detail-view'
  | '/pa-casino-detail'
  | '/pa-statistics-total'
  | '/pa-statistics-rolling'
  | '/pa-statistics-losing'
  | '/pa-statistics-days'
  | '/pa-charge-history'
  | '/pa-exchange-history'
  | '/pa-money-charging'
  | '/pa-money-exchanging'
  | '/pa-point-exchanging'
  | '/pa-money-report'
  | '/pa-trade-report'
  | '/pa-game-casino'
  | '/pa-game-slot'
  | '/pa-game-sports'
  | '/pa-game-minigame'
  | '/pa-star'
  | '/pa-zeus-home'
  | '/pa-zeus-statistics-rolling'
  | '/pa-zeus-daily-bettings'
  | '/pa-zeus-user-daily-bettings'
  | '/pa-zeus-role-user-daily-bettings'
  | '/pa-zeus-total-user-bettings';

export type MenuGroupKey = 'members' | 'board' | 'statistics' | 'money' | 'games' | 'tree' | 'zeus';

type Visibility = { agent: AgentLoginInfo | undefined; context: SystemContext | undefined };
export type MenuLink = { path: PartnerPath; search?: string; visible?: (v: Visibility) => boolean };
export type MenuGroup = { key: MenuGroupKey; icon: IconName; links: MenuLink[]; withRoles?: boolean };

export const MENU: MenuGroup[] = [
  {
    key: 'members',
    icon: 'user',
    withRoles: true,
    links: [
      { path: '/pa-agent-user-list' },
      { path: '/pa-child-user-list' },
      { path: '/pa-users' },
      { path: '/pa-accessor' },
      { path: '/pa-user-connection' },
      { path: '/pa-register' },
      { path: '/pa-create-agent' },
    ],
  },
  { key: 'board', icon: 'mail', links: [{ path: '/pa-notice' }, { path: '/pa-customer' }, { path: '/pa-message' }] },
  {
    key: 'statistics',
    icon: 'chart',
    links: [
      { path: '/pa-statistics-total' },
      { path: '/pa-statistics-rolling' },
      // Spec §2: the losing settlement menu needs role_setting.isOpenLosing.
      { path: '/pa-statistics-losing', visible: ({ agent }) => Boolean(agent?.role_setting.isOpenLosing) },
      { path: '/pa-statistics-days' },
    ],
  },
  {
    key: 'money',
    icon: 'coin',
    links: [
      { path: '/pa-charge-history' },
      { path: '/pa-exchange-history' },
      { path: '/pa-money-charging' },
      { path: '/pa-money-exchanging' },
      { path: '/pa-point-exchanging' },
      { path: '/pa-money-report' },
      { path: '/pa-trade-report' },
    ],
  },
  {
    key: 'games',
    icon: 'dice',
    // Spec §2: game-log menus follow the solution flags.
    links: [
      { path: '/pa-game-casino', visible: ({ context }) => Boolean(context?.use_casino) },
      { path: '/pa-game-slot', visible: ({ context }) => Boolean(context?.use_slot) },
      { path: '/pa-game-sports', visible: ({ context }) => Boolean(context?.use_sports) },
      { path: '/pa-game-minigame', visible: ({ context }) => Boolean(context?.use_minigame) },
    ],
  },
  { key: 'tree', icon: 'tree', links: [{ path: '/pa-star' }] },
  {
    key: 'zeus',
    icon: 'shield',
    links: [
      { path: '/pa-zeus-home' },
      { path: '/pa-zeus-statistics-rolling', search: '?gameType=casino' },
      { path: '/pa-zeus-daily-bettings' },
      { path: '/pa-zeus-user-daily-bettings' },
      { path: '/pa-zeus-role-user-daily-bettings' },
      { path: '/pa-zeus-total-user-bettings' },
    ],
  },
];

/** Routed but reached from elsewhere (a row click, a popup), not from the side menu. */
export const UNLISTED: PartnerPath[] = ['/pa-agent-user-list-by-role', '/pa-user-detail-view'];
/** Opened as popup windows (spec §2: 1400×980); these use the popup layout. */
export const POPUP_PATHS: PartnerPath[] = ['/pa-user-detail', '/pa-casino-detail'];
