import type { RollingJson } from '@wager/contracts';

/**
 * Commission rates as exact integers: one RATE_UNIT is 0.0001 % (a hundredth of a basis point),
 * so 1.25 % is 12_500n and 100 % is RATE_SCALE. Rates are parsed once from their text (or from
 * the number the rolling_json holds, via its shortest decimal text) and never touch a float
 * again: a commission is `rate × amount / RATE_SCALE` in bigint.
 */
export type Rate = bigint;

/** Decimal places of a percent that a rate keeps (4: 0.0001 %). */
export const RATE_PERCENT_DECIMALS = 4;
/** 100 % in rate units: a commission is `rate × amount / RATE_SCALE`. */
export const RATE_SCALE = 100n * 10n ** BigInt(RATE_PERCENT_DECIMALS);

/**
 * The game types a rolling rate is set for (spec §3 "Rate settings per member or agent"), each
 * with its key in `rolling_json` (contracts `RollingJson`, members `ZERO_ROLLING`). The sports
 * combination rate is the plain `sports_percent` and Powerball's combination is
 * `powerball_multiple_percent`, as the seed and the player login info use them.
 * `minigame_multiple_percent`, `casino_win_percent`/`casino_lose_percent` and the incentives are
 * not rolling rates of these seven game types; the engine leaves them alone until the spec says
 * what they pay.
 */
export const ROLLING_KEYS = {
  sports_single: 'sports_single_percent',
  sports_combination: 'sports_percent',
  minigame: 'minigame_percent',
  powerball_single: 'powerball_single_percent',
  powerball_combination: 'powerball_multiple_percent',
  casino: 'casino_percent',
  slot: 'slot_percent',
} as const satisfies Record<string, keyof RollingJson>;

export type RollingGameType = keyof typeof ROLLING_KEYS;
export const ROLLING_GAME_TYPES = Object.keys(ROLLING_KEYS) as RollingGameType[];

/**
 * The losing rate (spec §3 "losses fee"; decision 031): one rate per account over all game
 * types, kept in rolling_json beside the rolling rates and held to the same parent rule.
 */
export const LOSING_KEY = 'losing_percent';

/**
 * The support rate (spec §3 "support rate", §5 "Support rate applies only to linked companies";
 * decision 043): a rate of the valid stake, like rolling, paid only on casino and slot bets with an
 * outside vendor (not the house vendor), per game type, held to the same parent rule.
 */
export const SUPPORT_KEYS = {
  support_casino: 'support_casino_percent',
  support_slot: 'support_slot_percent',
} as const satisfies Record<string, keyof RollingJson>;
export type SupportKind = keyof typeof SUPPORT_KEYS;
export const SUPPORT_KINDS = Object.keys(SUPPORT_KEYS) as SupportKind[];
/** The vendor whose bets earn no support: our own (casino/vendors/house.ts). */
export const HOUSE_VENDOR = 'house';

/**
 * The support kind a bet earns, or null: a casino or slot bet whose vendor is an outside one (the
 * spec's "linked companies"). Sports, mini games, the house vendor and a bet without a vendor earn none.
 */
export function supportKindOf(bet: { gameType: string; vendor: string | null }): SupportKind | null {
  if (bet.vendor === null || bet.vendor === HOUSE_VENDOR) return null;
  if (bet.gameType === 'casino') return 'support_casino';
  if (bet.gameType === 'slot') return 'support_slot';
  return null;
}

/** Every rate an account sets: the seven rolling game types, the losing rate and the two support rates. */
export type RateKind = RollingGameType | 'losing' | SupportKind;
export type RateKey = keyof RollingJson | typeof LOSING_KEY;
export const RATE_KEYS: Record<RateKind, RateKey> = { ...ROLLING_KEYS, losing: LOSING_KEY, ...SUPPORT_KEYS };
export const RATE_KINDS = Object.keys(RATE_KEYS) as RateKind[];
export type Rates = Record<RateKind, Rate>;

/**
 * A bet's rolling game type from its row: `bets.game_type` and `bet_type`, and whether the mini
 * game is of the Powerball family (the mini-game catalogue knows; this file stays pure).
 */
export function rollingGameTypeOf(bet: { gameType: string; betType: string; powerball?: boolean }): RollingGameType {
  const combo = bet.betType === 'combo';
  switch (bet.gameType) {
    case 'sports':
      return combo ? 'sports_combination' : 'sports_single';
    case 'minigame':
      if (bet.powerball) return combo ? 'powerball_combination' : 'powerball_single';
      return 'minigame';
    case 'casino':
      return 'casino';
    case 'slot':
      return 'slot';
    default:
      throw new Error(`no rolling game type for bets.game_type '${bet.gameType}'`);
  }
}

export class RateError extends Error {}

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A percent (`0.7`, `"1.25"`, `"100"`) as rate units. Refuses a negative, above 100 %, not a
 * number, or more than four decimal places that are not zeros (`"0.00005"`), instead of rounding
 * a rate silently. A JS number goes through its shortest round-trip text (`String(0.7)` is
 * `"0.7"`), so the number the user typed is the one parsed, not its binary approximation.
 */
export function parseRate(percent: number | string): Rate {
  let text: string;
  if (typeof percent === 'number') {
    if (!Number.isFinite(percent)) throw new RateError(`rate ${percent} is not a number`);
    text = String(percent);
    // Only numbers far outside any rate print with an exponent (1e-7, 1e+21).
    if (/e/i.test(text)) throw new RateError(`rate ${text} is out of range or too precise`);
  } else text = percent.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RateError(`rate '${String(percent)}' is not a non-negative decimal percent`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > RATE_PERCENT_DECIMALS) throw new RateError(`rate '${text}' has more than ${RATE_PERCENT_DECIMALS} decimal places`);
  const units = BigInt(m[1]) * 10n ** BigInt(RATE_PERCENT_DECIMALS) + BigInt(frac.padEnd(RATE_PERCENT_DECIMALS, '0') || '0');
  if (units > RATE_SCALE) throw new RateError(`rate '${text}' is above 100 %`);
  return units;
}

/** A rate as its shortest percent text (12_500n → "1.25"). */
export function formatRate(rate: Rate) {
  const d = 10n ** BigInt(RATE_PERCENT_DECIMALS);
  const frac = (rate % d).toString().padStart(RATE_PERCENT_DECIMALS, '0').replace(/0+$/, '');
  return frac ? `${rate / d}.${frac}` : `${rate / d}`;
}

/** The seven rolling rates, the losing rate and the support rates of a rolling_json (a missing key is 0, as `ZERO_ROLLING` fills it). */
export function ratesOf(json: Partial<Record<RateKey, number | string>>): Rates {
  const out = {} as Rates;
  for (const t of RATE_KINDS) out[t] = parseRate(json[RATE_KEYS[t]] ?? 0);
  return out;
}

/** The losing rate alone (decision 031). */
export const losingRateOf = (json: Partial<Record<RateKey, number | string>>): Rate => parseRate(json[LOSING_KEY] ?? 0);

export type RateBreach = { gameType: RateKind; key: RateKey; parent: Rate; child: Rate };

/**
 * Where a child's rate (rolling, losing or support) exceeds its parent's (issue 18: "a child's rate never exceeds its
 * parent's for the same game type", on create and on every change). Empty: the child's rates
 * are allowed. Equal rates are allowed (the child then earns everything and the parent nothing
 * on that game type).
 */
export function checkChildRates(parent: Rates, child: Rates): RateBreach[] {
  // A rate missing from either side counts as 0 (callers may pass the rolling seven only).
  const of = (r: Rates, t: RateKind) => r[t] ?? 0n;
  return RATE_KINDS.filter((t) => of(child, t) > of(parent, t)).map((t) => ({ gameType: t, key: RATE_KEYS[t], parent: of(parent, t), child: of(child, t) }));
}
