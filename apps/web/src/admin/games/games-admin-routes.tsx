import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { MinigameSettingsPage } from './minigame-settings-page.tsx';
import { CasinoVendorsPage } from './casino-vendors-page.tsx';
import { CasinoHistoryPage } from './casino-history-page.tsx';
import { GameWalletsPage } from './game-wallets-page.tsx';

/** Admin mini-game, casino and slot screens (issue 10): routes under /admin/games and their side-menu entries. */
export const GAMES_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/games/minigames', <MinigameSettingsPage />],
  ['/admin/games/casino-vendors', <CasinoVendorsPage />],
  ['/admin/games/casino-history', <CasinoHistoryPage />],
  ['/admin/games/wallets', <GameWalletsPage />],
];

/** Side-menu entries; `label` is an i18n key. */
export const GAMES_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/games/minigames', label: 'adminGames.minigames.nav', icon: 'dice', id: 'minigame-settings' },
  { to: '/admin/games/casino-vendors', label: 'adminGames.casino.nav.vendors', icon: 'casino', id: 'casino-vendors' },
  { to: '/admin/games/casino-history', label: 'adminGames.casino.nav.history', icon: 'slot', id: 'casino-history' },
  { to: '/admin/games/wallets', label: 'adminGames.gameWallets.nav', icon: 'coin', id: 'game-wallets' },
];
