import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { CreateMemberPage } from './create-page.tsx';
import { TreePage } from './tree-page.tsx';
import './tree.css';

/** Admin tree and member-creation screens (issue 19): routes and their side-menu entries. */
export const TREE_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/members/new', <CreateMemberPage />],
  ['/admin/tree', <TreePage />],
];

/** Side-menu entries; `label` is an i18n key. */
export const TREE_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/members/new', label: 'adminTree.nav.create', icon: 'user', id: 'members-new' },
  { to: '/admin/tree', label: 'adminTree.nav.tree', icon: 'tree', id: 'tree' },
];
