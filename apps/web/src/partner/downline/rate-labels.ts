import type { TFunction } from 'i18next';
import type { ApiError } from '@wager/contracts';

/** The rates the partner forms ask for (spec §3 "Rate settings per member or agent"); a rate left empty is 0. */
export const RATE_KEYS = [
  'sports_single_percent',
  'sports_percent',
  'minigame_percent',
  'minigame_multiple_percent',
  'powerball_single_percent',
  'powerball_multiple_percent',
  'casino_percent',
  'slot_percent',
  // The losing rate (decision 031), capped by the parent like the rolling rates.
  'losing_percent',
  // The support rates (decision 043): casino and slot bets with outside vendors, capped by the parent too.
  'support_casino_percent',
  'support_slot_percent',
] as const;
export type RateKey = (typeof RATE_KEYS)[number];

/** rate_above_parent and rate_below_child name rolling_json keys; the message says them as the forms label them. */
export function withRateLabels(t: TFunction, error: ApiError): ApiError {
  const keys = error.params?.keys;
  if ((error.code !== 'rate_above_parent' && error.code !== 'rate_below_child') || typeof keys !== 'string') return error;
  const label = (k: string) => ((RATE_KEYS as readonly string[]).includes(k) ? t(`partnerDownline.rates.${k as RateKey}`) : k);
  return { ...error, params: { ...error.params, keys: keys.split(', ').map(label).join(', ') } };
}
