import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { SettlementPage } from './settlement-page.tsx';
import '../../ui/losing/losing.css';
import './settlement.css';

/** The admin settlement screen (decision 031): its route and side-menu entry (`label` is an i18n key). */
export const SETTLEMENT_ADMIN_ROUTES: [path: string, element: ReactElement][] = [['/admin/settlement', <SettlementPage />]];

export const SETTLEMENT_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/settlement', label: 'losing.admin.nav', icon: 'coin', id: 'settlement' },
];
