import { ADMIN_AREAS, type AdminArea, type AreaLevel } from '@wager/contracts';

/**
 * Which permission area an admin call belongs to, decided by its path alone (decision 042), so a
 * call added by any module is classified the day it is written. The first segment after
 * `/api/admin/` names the area; a few whole paths are the caller's own session ('self': every
 * admin may call them). A path no rule names has no area, and only the super admin may call it
 * (deny by default); roles.db.test.ts fails for such a call.
 */
// '/api/admin/settings/shell': the skin, dark mode and alert sounds every admin page's frame shows (decision 039).
const SELF_PATHS = new Set([
  '/api/admin/login',
  '/api/admin/logout',
  '/api/admin/getContext',
  '/api/admin/updateSession',
  '/api/admin/roles/mine',
  '/api/admin/settings/shell',
  // the caller's own second factor and re-authentication (decision 050)
  '/api/admin/twoFactor/status',
  '/api/admin/twoFactor/begin',
  '/api/admin/twoFactor/confirm',
  '/api/admin/reauth',
]);

const AREA_BY_SEGMENT: Record<string, AdminArea> = {
  dashboard: 'dashboard',
  // members and agents: accounts, their tree, sessions, lists and imports
  member: 'members',
  members: 'members',
  agent: 'members',
  agents: 'members',
  tree: 'members',
  session: 'members',
  sessions: 'members',
  account: 'members',
  accounts: 'members',
  user: 'members',
  users: 'members',
  migration: 'members',
  recommend: 'members',
  recommendation: 'members',
  attendance: 'members',
  whitelist: 'members',
  blacklist: 'members',
  records: 'members',
  partner: 'members',
  partners: 'members',
  // the cash desk: deposits, withdrawals, grants and conversions
  bank: 'cash',
  ledger: 'cash',
  money: 'cash',
  point: 'cash',
  points: 'cash',
  egg: 'cash',
  eggs: 'cash',
  conversion: 'cash',
  conversions: 'cash',
  deposit: 'cash',
  withdraw: 'cash',
  // what members read and write to the operator
  board: 'content',
  content: 'content',
  notice: 'content',
  notices: 'content',
  event: 'content',
  events: 'content',
  popup: 'content',
  popups: 'content',
  rules: 'content',
  inquiry: 'content',
  inquiries: 'content',
  message: 'content',
  messages: 'content',
  template: 'content',
  templates: 'content',
  note: 'content',
  notes: 'content',
  banner: 'content',
  banners: 'content',
  upload: 'content',
  uploads: 'content',
  // games, their settings and their bets
  sports: 'games',
  casino: 'games',
  minigame: 'games',
  minigames: 'games',
  'game-settings': 'games',
  games: 'games',
  house: 'games',
  bet: 'games',
  bets: 'games',
  betting: 'games',
  // figures and settlements
  statistics: 'statistics',
  stats: 'statistics',
  settlement: 'statistics',
  ranking: 'statistics',
  // reports only read (the protection report, decision 059)
  reports: 'statistics',
  // platform settings, addresses and sites
  settings: 'settings',
  site: 'settings',
  ip: 'settings',
  domain: 'settings',
  domains: 'settings',
  maintenance: 'settings',
  sound: 'settings',
  sounds: 'settings',
  skin: 'settings',
  level: 'settings',
  levels: 'settings',
  registration: 'settings',
  bonus: 'settings',
  limits: 'settings',
  printer: 'settings',
  // the audit log, and the roles themselves
  audit: 'audit',
  roles: 'roles',
  admins: 'roles',
};

/** Last path segments of calls that only read; every other call of an area writes (deny by default). */
const READ_SEGMENT =
  /^(list|get|view|detail|details|history|children|path|search|status|periods|fixture|fixtures|leagues|teams|highBets|liability|vendors|daily|tiers|ranking|dashboard|verify|sample|preview|summary|count|logs|export|[a-z]+List|[a-z]+-list)$/;

export type CallArea = { area: AdminArea | 'self'; level: Exclude<AreaLevel, 'none'> } | null;

/** The area and the level an admin call needs; null for a path no rule names. */
export function areaOf(path: string): CallArea {
  if (SELF_PATHS.has(path)) return { area: 'self', level: 'read' };
  const rest = path.startsWith('/api/admin/') ? path.slice('/api/admin/'.length).split('/') : [];
  const area = AREA_BY_SEGMENT[rest[0] ?? ''];
  if (!area) return null;
  const last = rest[rest.length - 1];
  return { area, level: READ_SEGMENT.test(last) || rest[0] === 'reports' ? 'read' : 'write' };
}

/** Whether a level held covers the level a call needs. */
export function covers(held: AreaLevel | undefined, needed: Exclude<AreaLevel, 'none'>) {
  return held === 'write' || (held === 'read' && needed === 'read');
}

export { ADMIN_AREAS };
