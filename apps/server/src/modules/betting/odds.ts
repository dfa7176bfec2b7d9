/** Odds are decimals with two places ("1.95"); kept as hundredths in bigint so payouts stay exact. */
export function oddsToHundredths(odds: string): bigint {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(odds.trim());
  if (!m) throw new Error(`invalid odds ${odds}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'));
}

export function hundredthsToOdds(h: bigint): string {
  return `${h / 100n}.${String(h % 100n).padStart(2, '0')}`;
}

/** Payout for a stake at the odds, rounded down to the won. */
export function payout(amount: bigint, odds: string): bigint {
  return (amount * oddsToHundredths(odds)) / 100n;
}

/** Combined odds of a combination slip, each leg multiplied and rounded down to 2 places. */
export function combine(odds: string[]): string {
  let acc = 100n;
  for (const o of odds) acc = (acc * oddsToHundredths(o)) / 100n;
  return hundredthsToOdds(acc);
}
