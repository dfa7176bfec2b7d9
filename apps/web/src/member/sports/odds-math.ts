/**
 * Odds arithmetic for the slip, exact: decimal odds are two-place strings ("1.95"), money is
 * whole won. Nothing passes through a float; the server's answer is the one that counts, the
 * slip shows the same rule (combined odds leg by leg, winnings rounded down to the won).
 */

const ODDS = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** "1.95" → 195n (hundredths); null for anything that is not a decimal with at most 2 places. */
export function oddsToHundredths(odds: string): bigint | null {
  const m = ODDS.exec(odds.trim());
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** 195n → "1.95". */
export function hundredthsToOdds(h: bigint): string {
  const whole = h / 100n;
  const frac = (h % 100n).toString().padStart(2, '0');
  return `${whole}.${frac}`;
}

/**
 * Combined odds of a slip as the server computes them (betting/odds.ts `combine`): multiplied leg
 * by leg, each product rounded down to two places ("1.95" × "2.10" = "4.09"); "0.00" when empty.
 */
export function totalOdds(odds: readonly string[]): string {
  if (odds.length === 0) return '0.00';
  let acc = 100n;
  for (const o of odds) {
    const h = oddsToHundredths(o);
    if (h === null) return '0.00';
    acc = (acc * h) / 100n;
  }
  return hundredthsToOdds(acc);
}

/** Estimated winnings (stake included) of `stake` won at the slip's combined odds, rounded down to the won. */
export function estimatedWin(stake: string | bigint, odds: readonly string[]): bigint {
  const s = typeof stake === 'bigint' ? stake : /^\d+$/.test(stake) ? BigInt(stake) : 0n;
  if (s <= 0n || odds.length === 0) return 0n;
  const total = oddsToHundredths(totalOdds(odds));
  if (total === null) return 0n;
  return (s * total) / 100n;
}

/** Which way odds moved: 1 up, -1 down, 0 same or unknown. */
export function oddsDirection(before: string | undefined, after: string): -1 | 0 | 1 {
  if (before === undefined) return 0;
  const a = oddsToHundredths(before);
  const b = oddsToHundredths(after);
  if (a === null || b === null || a === b) return 0;
  return b > a ? 1 : -1;
}
