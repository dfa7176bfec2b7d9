/**
 * Estimated winnings on the bet panel, the server's way (betting/odds.ts): odds in hundredths,
 * stake × odds rounded down to the won, all in bigint so no float ever touches money.
 */
export function oddsToHundredths(odds: string): bigint | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(odds.trim());
  if (!m) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'));
}

export function estimatedWin(stake: string, odds: string | null | undefined): bigint {
  const h = odds ? oddsToHundredths(odds) : null;
  if (h === null || !/^\d+$/.test(stake)) return 0n;
  return (BigInt(stake) * h) / 100n;
}

/** Combined odds of several picks, each step rounded down to two places (betting/odds.ts `combine`). */
export function combineOdds(odds: readonly string[]): string | null {
  let acc = 100n;
  for (const o of odds) {
    const h = oddsToHundredths(o);
    if (h === null) return null;
    acc = (acc * h) / 100n;
  }
  return `${acc / 100n}.${String(acc % 100n).padStart(2, '0')}`;
}
