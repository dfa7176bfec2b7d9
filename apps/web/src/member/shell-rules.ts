import type { PlayerLoginInfo } from '@wager/contracts';

/** Spec §2 shell rules. */
const BARE_EXACT = ['/login', '/logout'];
const BARE_SECTIONS = ['/popup', '/slots'];

/** /login, /logout, /popup/… and /slots/… show neither header nor side bar. */
export function isBarePath(pathname: string): boolean {
  return BARE_EXACT.includes(pathname) || BARE_SECTIONS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Paths containing /game hide the mobile footer menu. */
export function hidesFooter(pathname: string): boolean {
  return pathname.includes('/game') || isBarePath(pathname);
}

/** Spec §2: the partner link shows only when a rolling percentage or incentive is above 0. */
export function hasPartnerLink(user: Pick<PlayerLoginInfo, 'rolling_json'>): boolean {
  return Object.values(user.rolling_json).some((v) => v > 0);
}
