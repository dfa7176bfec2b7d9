import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { AgentDetailPage } from './agent-detail-page.tsx';
import { MemberDetailPage } from './detail-page.tsx';
import { StatusListPage } from './status-lists-page.tsx';
import './members.css';

/** Admin member and agent detail and the withdrawn / suspended / blocked lists (issue 19, decision 037). */
export const MEMBERS_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/members/:id', <MemberDetailPage />],
  ['/admin/agents/:id', <AgentDetailPage />],
  ['/admin/members/withdrawn', <StatusListPage key="withdrawn" status="withdrawn" />],
  ['/admin/members/suspended', <StatusListPage key="suspended" status="suspended" />],
  ['/admin/members/blocked', <StatusListPage key="blocked" status="blocked" />],
];

/** Side-menu entries; `label` is an i18n key. */
export const MEMBERS_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/members/withdrawn', label: 'adminMembers.nav.withdrawn', icon: 'user', id: 'members-withdrawn' },
  { to: '/admin/members/suspended', label: 'adminMembers.nav.suspended', icon: 'user', id: 'members-suspended' },
  { to: '/admin/members/blocked', label: 'adminMembers.nav.blocked', icon: 'user', id: 'members-blocked' },
];
