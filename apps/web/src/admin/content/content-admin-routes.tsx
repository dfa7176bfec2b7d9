import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { BoardPage } from './board-page.tsx';
import { NotesPage } from './notes-page.tsx';
import { PopupsPage } from './popups-page.tsx';
import { PostsPage } from './posts-page.tsx';
import { TemplatesPage } from './templates-page.tsx';
import './content.css';

/** Admin content screens (issue 19): announcements, events, rules, pop-ups, free board, note box, templates. */
export const CONTENT_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ['/admin/notices', <PostsPage key="notice" kind="notice" />],
  ['/admin/events', <PostsPage key="event" kind="event" />],
  ['/admin/rules', <PostsPage key="rule" kind="rule" />],
  ['/admin/popups', <PopupsPage />],
  ['/admin/board', <BoardPage />],
  ['/admin/messages/sent', <NotesPage />],
  ['/admin/templates', <TemplatesPage />],
];

/** Side-menu entries; `label` is an i18n key. */
export const CONTENT_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/notices', label: 'adminContent.nav.notices', icon: 'megaphone', id: 'notices' },
  { to: '/admin/events', label: 'adminContent.nav.events', icon: 'gift', id: 'events' },
  { to: '/admin/rules', label: 'adminContent.nav.rules', icon: 'board', id: 'rules' },
  { to: '/admin/popups', label: 'adminContent.nav.popups', icon: 'external', id: 'popups' },
  { to: '/admin/board', label: 'adminContent.nav.board', icon: 'board', id: 'board' },
  { to: '/admin/messages/sent', label: 'adminContent.nav.notes', icon: 'mail', id: 'notes' },
  { to: '/admin/templates', label: 'adminContent.nav.templates', icon: 'mail', id: 'templates' },
];
