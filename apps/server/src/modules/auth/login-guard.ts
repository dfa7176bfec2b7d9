import type { Audience } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { tooMany } from '../../platform/errors.ts';
import type { Settings } from '../settings/index.ts';
import * as repo from './repo.ts';

/** How far back a successful login makes an address "the owner's usual address". */
const KNOWN_ADDRESS_DAYS = 90;

export type LoginGuard = {
  /** The password was right: the attempt does not count against the address or the pair. */
  passed(): Promise<void>;
  /** The password (or second factor) was wrong: it stays counted, and counts toward the account-wide ceiling. */
  failed(): Promise<void>;
  /**
   * The password was right but the one-time code was not sent yet: this attempt is given back
   * without clearing earlier failures (passed() would, and a guesser of codes could alternate).
   */
  neutral(): Promise<void>;
};

/**
 * Login guessing limits (decision 009). Failures only are counted, in three places:
 * - per address over all accounts (`attempts_per_ip`): one address cannot try many accounts;
 * - per account + address (`failures_per_account`): the lock an attacker triggers is his own
 *   address's, so the owner on another address still gets in;
 * - per account over all addresses: past `account_delay_after` an unfamiliar address waits a
 *   doubling delay, and past `account_ceiling` it is refused for the window. An address the
 *   account signed in from before is exempt, so spreading guesses over many addresses cannot
 *   lock the owner (or an admin) out.
 * The address and pair counters are reserved BEFORE the password is compared (and given back
 * when it was right), so parallel guesses cannot all pass a check made before any was counted.
 */
export async function openLoginGuard(deps: Deps, audience: Audience, account: string, ip: string, s: Settings): Promise<LoginGuard> {
  const lim = s.login_limit;
  const windowMs = lim.window_minutes * 60_000;
  const acct = account.toLowerCase();
  const ipKey = `login:fail:ip:${ip}`;
  const pairKey = `login:fail:${audience}:${acct}:ip:${ip}`;
  const acctKey = `login:fail:${audience}:${acct}`;
  const delayKey = `login:delay:${audience}:${acct}`;
  const l = deps.limiter;

  if ((await l.add(ipKey, windowMs)) > lim.attempts_per_ip) {
    await l.release(ipKey);
    throw tooMany('Too many failed logins from this address. Please try again later.', 'login_locked_address');
  }
  if ((await l.add(pairKey, windowMs)) > lim.failures_per_account) {
    await Promise.all([l.release(ipKey), l.release(pairKey)]);
    throw tooMany('Too many failed logins for this ID. Please try again later.', 'login_locked_account');
  }
  const failures = await l.count(acctKey);
  if (failures >= lim.account_delay_after) {
    const since = new Date(deps.clock.now().getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
    const known = await repo.signedInFrom(deps.db, audience, account, ip, since);
    if (!known && (failures >= lim.account_ceiling || (await l.count(delayKey)) > 0)) {
      await Promise.all([l.release(ipKey), l.release(pairKey)]);
      throw tooMany('Too many failed logins for this ID. Please try again later.', 'login_locked_account');
    }
  }

  return {
    async passed() {
      await Promise.all([l.release(ipKey), l.reset(pairKey)]);
    },
    async neutral() {
      await Promise.all([l.release(ipKey), l.release(pairKey)]);
    },
    async failed() {
      const n = await l.add(acctKey, windowMs);
      if (n < lim.account_delay_after) return;
      const delayMs = Math.min(2 ** Math.min(n - lim.account_delay_after, 30) * 1000, lim.account_max_delay_seconds * 1000);
      await l.reset(delayKey);
      await l.add(delayKey, delayMs);
    },
  };
}
