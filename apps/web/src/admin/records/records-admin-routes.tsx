import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { BetsPage } from './bets-page.tsx';
import { ConversionsPage } from './conversions-page.tsx';
import { ImportPage } from './import-page.tsx';
import './records.css';

/** Admin records (issue 19, decision 041): every bet, conversion histories, member migration. */
export const RECORDS_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/bets', <BetsPage />],
  ['/admin/conversions/money', <ConversionsPage key="money" family="money" />],
  ['/admin/conversions/point', <ConversionsPage key="point" family="point" />],
  ['/admin/conversions/egg', <ConversionsPage key="egg" family="egg" />],
  ['/admin/migration', <ImportPage />],
];

/** Side-menu entries; `label` is an i18n key. */
export const RECORDS_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/bets', label: 'adminRecords.nav.bets', icon: 'dice', id: 'bets' },
  { to: '/admin/conversions/money', label: 'adminRecords.nav.conversionMoney', icon: 'coin', id: 'conversions-money' },
  { to: '/admin/conversions/point', label: 'adminRecords.nav.conversionPoint', icon: 'coin', id: 'conversions-point' },
  { to: '/admin/conversions/egg', label: 'adminRecords.nav.conversionEgg', icon: 'coin', id: 'conversions-egg' },
  { to: '/admin/migration', label: 'adminRecords.nav.import', icon: 'user', id: 'migration' },
];
