/**
 * Player odds from provider odds (spec §3 "Settings per game"): the chosen provider's prices,
 * scaled so the market returns (100 − margin) %, plus the odds-sum adjustment, capped at the
 * highest odds, never below 1.01. Odds are integer hundredths throughout; the one division
 * (the margin's scale factor) is rounded down, so a player never sees a price the settings do
 * not allow.
 */
import type { GameSettings } from '@wager/contracts';

export type OddsSettings = Pick<GameSettings, 'provider' | 'margin_percent' | 'odds_adjust' | 'highest_odds'>;
/** One outcome's provider prices (hundredths; null = that provider does not offer it). */
export type ProviderOdds = { primary: number | null; secondary: number | null };

export const MIN_ODDS = 101;

/**
 * Player odds for every outcome of one market, in order; null where the chosen provider has
 * no price (the outcome is not offered).
 */
export function playerOdds(market: ProviderOdds[], s: OddsSettings): (number | null)[] {
  const chosen = market.map((o) => (s.provider === 'secondary' ? o.secondary : o.primary));
  let scaled = chosen;
  if (s.margin_percent > 0) {
    const offered = chosen.filter((o): o is number => o !== null && o > 0);
    // A market returns 1 / Σ(1/odds). Scaling every price by c = Σ(1/odds) × R makes it return R.
    const inverseSum = offered.reduce((a, o) => a + 1 / o, 0) * 100;
    const target = (100 - s.margin_percent) / 100;
    // With one price there is nothing to balance: the margin alone scales it.
    const c = offered.length > 1 ? inverseSum * target : target;
    scaled = chosen.map((o) => (o === null ? null : Math.floor(o * c + 1e-9)));
  }
  const cap = s.highest_odds === null ? Infinity : Math.round(s.highest_odds * 100);
  return scaled.map((o) => (o === null ? null : Math.max(MIN_ODDS, Math.min(cap, o + s.odds_adjust))));
}

/** Hundredths as the 2-decimal text the contract carries ("1.95"). */
export const oddsText = (h: number) => `${Math.trunc(h / 100)}.${String(h % 100).padStart(2, '0')}`;
/** "1.95" / 1.95 (numeric from the database) as hundredths. */
export const toHundredths = (v: string | number) => Math.round(Number(v) * 100);
