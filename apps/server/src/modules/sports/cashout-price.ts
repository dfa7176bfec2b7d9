import { legFactor, type OutcomeResult } from './grading.ts';

/**
 * The cash-out price of a sports bet (decision 048), pure and in integers. Every leg still to be
 * decided is valued at its placed odds over its current odds; a leg already decided counts at its
 * result (won at its odds, void at 1, half results as graded); the house keeps the margin:
 *
 *   value = floor(stake × Π decided legFactor / 10⁶ × Π open placed / current × (10000 − margin) / 10000)
 *
 * capped at the bet's potential win (a cash-out never pays more than winning would). One
 * division at the end, so the only rounding is down, in the house's favour.
 */

export type CashoutLeg = {
  /** The odds the leg was placed at ("1.95"). */
  placed: string;
  /** The outcome's result once graded (null: still open). */
  result: OutcomeResult | null;
  dead_heat: string | null;
  /** The outcome's current player odds and whether it can be priced now. */
  odds: string;
  active: boolean;
  market_status: string;
  fixture_status: string;
  on_sale: boolean;
  bet_stop: boolean;
};

export type CashoutPrice = { ok: true; value: bigint } | { ok: false; code: 'cashout_suspended' | 'cashout_unavailable' };

const hundredths = (odds: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?/.exec(odds.trim());
  return m ? BigInt(m[1]) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0')) : 0n;
};

/** Whether an undecided leg has a price a player could bet at now: in sale, market open, no bet stop. */
export const isPriced = (l: CashoutLeg) =>
  (l.fixture_status === 'release' || l.fixture_status === 'progress') &&
  l.on_sale &&
  !l.bet_stop &&
  l.market_status === 'open' &&
  l.active &&
  hundredths(l.odds) > 100n;

/** Margin in basis points (0.01 %) from the setting's percentage (at most two decimals). */
export const marginBasisPoints = (percent: number) => BigInt(Math.round(percent * 100));

export function priceCashout(bet: { amount: bigint; potential_win: bigint }, legs: CashoutLeg[], marginBp: bigint): CashoutPrice {
  const open = legs.filter((l) => l.result === null);
  // Nothing left to decide (the settlement is due) or a leg already lost: nothing to offer.
  if (open.length === 0 || legs.some((l) => l.result === 'lost')) return { ok: false, code: 'cashout_unavailable' };
  if (!open.every(isPriced)) return { ok: false, code: 'cashout_suspended' };
  let num = bet.amount * (10_000n - marginBp);
  let den = 10_000n;
  for (const l of legs) {
    if (l.result === null) {
      num *= hundredths(l.placed);
      den *= hundredths(l.odds);
    } else {
      num *= legFactor(l.placed, l.result, l.dead_heat);
      den *= 1_000_000n;
    }
  }
  const value = num / den;
  return { ok: true, value: value < bet.potential_win ? value : bet.potential_win };
}

/**
 * A partial cash-out of `amount` (what the member asked to receive, below the full value): the
 * part of the stake it takes, rounded up (the house's favour), so `amount` never exceeds that
 * part's share of the value. The whole stake or more means a full cash-out.
 */
export function partialStake(bet: { amount: bigint }, fullValue: bigint, amount: bigint): bigint {
  const part = (amount * bet.amount + fullValue - 1n) / fullValue;
  return part < bet.amount ? part : bet.amount;
}
