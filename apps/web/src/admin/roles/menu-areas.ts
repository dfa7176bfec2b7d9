import type { AdminArea, AreaPermissions } from '@wager/contracts';

/**
 * The permission area of each admin screen, by the start of its route: the same areas the server
 * gives the calls the screen makes (decision 042). A route no prefix names is shown to the super
 * admin only, as the server would refuse its calls to anyone else.
 */
const ROUTE_AREAS: [prefix: string, area: AdminArea][] = [
  ['/admin/members', 'members'],
  ['/admin/agents', 'members'],
  ['/admin/tree', 'members'],
  ['/admin/sessions', 'members'],
  ['/admin/migration', 'members'],
  ['/admin/attendance', 'members'],
  ['/admin/recommend', 'members'],
  ['/admin/bank', 'cash'],
  ['/admin/money', 'cash'],
  ['/admin/conversions', 'cash'],
  ['/admin/inquiries', 'content'],
  ['/admin/messages', 'content'],
  ['/admin/notices', 'content'],
  ['/admin/events', 'content'],
  ['/admin/popups', 'content'],
  ['/admin/templates', 'content'],
  ['/admin/board', 'content'],
  ['/admin/rules', 'content'],
  ['/admin/content', 'content'],
  ['/admin/sports', 'games'],
  ['/admin/games', 'games'],
  ['/admin/casino', 'games'],
  ['/admin/minigames', 'games'],
  ['/admin/bets', 'games'],
  ['/admin/statistics', 'statistics'],
  ['/admin/stats', 'statistics'],
  ['/admin/settlement', 'statistics'],
  ['/admin/ranking', 'statistics'],
  ['/admin/settings', 'settings'],
  ['/admin/ip', 'settings'],
  ['/admin/domains', 'settings'],
  ['/admin/audit', 'audit'],
  ['/admin/roles', 'roles'],
];

export function routeArea(to: string): AdminArea | null {
  if (to === '/admin') return 'dashboard';
  const hit = ROUTE_AREAS.find(([prefix]) => to === prefix || to.startsWith(`${prefix}/`) || to.startsWith(`${prefix}-`));
  return hit ? hit[1] : null;
}

/** Whether a role with these levels may open the screen at `to` (read is enough to see it). */
export function canOpen(to: string, mine: { is_super: boolean; permissions: AreaPermissions } | undefined): boolean {
  if (!mine) return false;
  if (mine.is_super) return true;
  const area = routeArea(to);
  if (!area || area === 'roles') return false;
  const level = mine.permissions[area];
  return level === 'read' || level === 'write';
}
