import { RATE_SCALE, type Rate } from './rates.ts';

/**
 * The commission split along one member's chain of agents (issue 18 "Commission engine"), pure
 * bigint arithmetic. Rules (decision 027 "The split"):
 *
 * - `path` runs from the member's direct agent (index 0) up to the top agent (last), each with
 *   its rate for the bet's game type (rolling) or its losing rate (losing).
 * - The member earns no rolling here: the chain together earns the TOP agent's rate (issue 18),
 *   which holds only if the member's own rate counts as 0. A member's own rolling_json rate
 *   (the spec shows it to players, §3 "Login info (player)") would be a payback to the player,
 *   a separate flow the spec does not define; it is not taken out of the chain.
 * - An agent's effective rate is its rate capped by every rate above it on the path. On a valid
 *   path (rates never rise going down, `checkChildRates`) that is its own rate. On a path that
 *   breaks the rule (refused elsewhere, but the split stays total) the lower agent is capped, so
 *   the chain still earns exactly the top agent's rate and no part is negative; a negative rate
 *   counts as 0.
 * - Agent i earns (effective_i − effective_{i−1}) × amount, effective_{−1} = 0 (the member).
 * - Rounding by cumulative floor: C_i = floor(effective_i × amount / RATE_SCALE) in the payout
 *   unit, part_i = C_i − C_{i−1}. The parts telescope to C_top = floor(topRate × amount): the
 *   chain total. Effective rates never fall going up, so C never falls and no part is negative;
 *   each part is within one unit of its exact share; the fraction below one unit of the whole
 *   chain stays with the house (never paid, never created).
 */

export type PathAgent = { agentId: bigint; rate: Rate };
export type SplitPart = { agentId: bigint; amount: bigint };

/**
 * `amount`s in units of 10^−decimals won: whole won by default; with the spec's "decimals
 * allowed in rolling payout" option (§9) a finer unit (decision 027 says how it is posted).
 */
export type Split = { decimals: number; total: bigint; parts: SplitPart[] };
export type SplitOptions = { decimals?: number };

/** Finest payout unit supported: 0.0001 won. */
export const MAX_DECIMALS = 4;

function unitScale(decimals = 0) {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}`);
  return 10n ** BigInt(decimals);
}

/** Each agent's rate capped by every rate above it (and at least 0): non-decreasing upward, the top's own rate last. */
export function effectiveRates(path: readonly PathAgent[]): Rate[] {
  const out: Rate[] = new Array<Rate>(path.length);
  let cap: Rate | null = null;
  for (let i = path.length - 1; i >= 0; i--) {
    const own = path[i].rate > 0n ? path[i].rate : 0n;
    cap = cap === null || own < cap ? own : cap;
    out[i] = cap;
  }
  return out;
}

/** The cumulative-floor split of a non-negative amount (see the file comment). */
function cumulativeSplit(path: readonly PathAgent[], amount: bigint, decimals = 0): Split {
  if (amount < 0n) throw new RangeError('a commission base must not be negative');
  const scaled = amount * unitScale(decimals);
  const rates = effectiveRates(path);
  let below = 0n;
  const parts = path.map((a, i) => {
    // bigint division truncates; both factors are >= 0, so this is floor.
    const cumulative = (rates[i] * scaled) / RATE_SCALE;
    const part = { agentId: a.agentId, amount: cumulative - below };
    below = cumulative;
    return part;
  });
  return { decimals, total: below, parts };
}

/** Rolling on one valid bet (the stake of a won or lost bet; a void, draw or cancelled bet is 0). */
export function splitRolling(path: readonly PathAgent[], validBet: bigint, opts: SplitOptions = {}): Split {
  return cumulativeSplit(path, validBet, opts.decimals ?? 0);
}

/** Exact negatives of a split: what undoes it when its bet is re-settled, cancelled or rolled back. */
export function reverse(split: Split): Split {
  return { decimals: split.decimals, total: -split.total, parts: split.parts.map((p) => ({ agentId: p.agentId, amount: -p.amount })) };
}

export type LosingOptions = SplitOptions & {
  /**
   * A negative net loss (the members won over the period): 'recover' (default) takes back from
   * each agent exactly what the same loss would have paid it (the spec's "pay and recover
   * settlements", §4/§9); 'none' settles nothing.
   */
  netWin?: 'recover' | 'none';
};

/**
 * Losing commission on a period's net loss (stakes lost minus winnings paid, for the members
 * under one direct agent): agent i earns its losing rate minus the highest below it, as rolling.
 * A net win is split like the same loss and negated, so rounding is toward zero both ways: the
 * house never pays more than rate × loss nor recovers more than rate × win.
 */
export function splitLosing(path: readonly PathAgent[], netLoss: bigint, opts: LosingOptions = {}): Split {
  if (netLoss >= 0n) return cumulativeSplit(path, netLoss, opts.decimals ?? 0);
  const split = cumulativeSplit(path, -netLoss, opts.decimals ?? 0);
  if ((opts.netWin ?? 'recover') === 'recover') return reverse(split);
  return { decimals: split.decimals, total: 0n, parts: split.parts.map((p) => ({ agentId: p.agentId, amount: 0n })) };
}
