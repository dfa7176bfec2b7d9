import type { GameSettings } from '@wager/contracts';

/**
 * A pick's odds after the game's settings: the odds-sum adjustment (hundredths, may be negative)
 * is added, never below 1.01, and capped at the highest odds. Integer hundredths throughout.
 */
export function effectiveOdds(base: string, s: Pick<GameSettings, 'odds_adjust' | 'highest_odds'>): string {
  const [whole, frac = '0'] = base.split('.');
  let h = Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)) + s.odds_adjust;
  if (s.highest_odds !== null) h = Math.min(h, Math.round(s.highest_odds * 100));
  h = Math.max(h, 101);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}
