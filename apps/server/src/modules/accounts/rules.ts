import { ROLES, type NewAccountBody, type RollingJson } from '@wager/contracts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { checkChildRates, formatRate, parseRate, RateError, ratesOf, SUPPORT_KEYS } from '../commissions/index.ts';
import { ZERO_ROLLING } from '../members/index.ts';

/** Tier order of a role (spec §3 "Role": propirty, as spelt); members are the lowest tier. */
export const propirtyOf = (role: string) => ROLES.find((r) => r.name === role)?.propirty;

/** A child is a member, or an agent of a strictly lower tier than its parent (tiers may be skipped); unknown roles never. */
export function isLowerRole(parentRole: string, childRole: string) {
  const parent = propirtyOf(parentRole);
  const child = propirtyOf(childRole);
  return parent !== undefined && child !== undefined && parentRole !== 'user' && child > parent;
}

/**
 * The new account's rolling_json as it is stored: every key (missing ones 0, as ZERO_ROLLING),
 * each value read exactly by the commissions parser and stored as its shortest number, so a
 * rate with more than four decimals is refused instead of rounded (decision 027).
 */
export function exactRolling(input: NewAccountBody['rolling_json']): RollingJson {
  const out: RollingJson = { ...ZERO_ROLLING };
  for (const [key, value] of Object.entries(input) as [keyof RollingJson, number][]) {
    try {
      out[key] = Number(formatRate(parseRate(value)));
    } catch (e) {
      if (!(e instanceof RateError)) throw e;
      throw badRequest(`rolling_json.${key}: ${e.message}`, `rolling_json.${key}`, 'rate_invalid', { key });
    }
  }
  return out;
}

/** Refuses a child whose rate is above its parent's for any game type, naming every such key. */
export function assertRatesWithinParent(parentRolling: Record<string, number>, child: RollingJson) {
  const breaches = checkChildRates(ratesOf(parentRolling), ratesOf(child));
  if (breaches.length === 0) return;
  const keys = breaches.map((b) => b.key).join(', ');
  throw conflict(`A rate is above the parent's: ${keys}.`, 'rate_above_parent', { keys });
}

/**
 * Refuses new rates below any direct child's for the same game type (the child would then earn
 * more than its parent), naming every such key once.
 */
export function assertRatesAboveChildren(children: Record<string, number>[], rates: RollingJson) {
  const own = ratesOf(rates);
  const keys = [...new Set(children.flatMap((c) => checkChildRates(own, ratesOf(c)).map((b) => b.key)))];
  if (keys.length === 0) return;
  throw conflict(`A rate is below a lower account's: ${keys.join(', ')}.`, 'rate_below_child', { keys: keys.join(', ') });
}

/**
 * The site-wide support rate (setting `support_rate`, decision 043) as the rate of each support key
 * the new account was not given, capped by its parent's rate for that key (a blank field never
 * makes the create fail on the parent rule); a key given, even 0, stays as given.
 */
export function withSupportDefaults(
  rolling: RollingJson,
  given: NewAccountBody['rolling_json'],
  siteRate: number,
  parentRolling: Record<string, number> | null,
) {
  const site = parseRate(siteRate);
  for (const key of Object.values(SUPPORT_KEYS)) {
    if (given[key] !== undefined) continue;
    const cap = parentRolling === null ? site : parseRate(parentRolling[key] ?? 0);
    rolling[key] = Number(formatRate(site < cap ? site : cap));
  }
  return rolling;
}
