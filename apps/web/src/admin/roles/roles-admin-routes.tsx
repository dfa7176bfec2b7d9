import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { canOpen } from './menu-areas.ts';
import { useMyRole } from './queries.ts';
import { RolesPage } from './roles-page.tsx';
import './roles.css';

/** The admin roles screen (issue 19, decision 042): its route and side-menu entry (`label` is an i18n key). */
export const ROLES_ADMIN_ROUTES: [path: string, element: ReactElement][] = [['/admin/roles', <RolesPage />]];

export const ROLES_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/roles', label: 'adminRoles.nav.roles', icon: 'shield', id: 'roles' },
];

/** Whether the signed-in admin's role may open a menu entry; nothing shows until the role is read. */
export function useMenuFilter(): (item: { to: string }) => boolean {
  const mine = useMyRole();
  return (item) => canOpen(item.to, mine.data);
}
