import { RECOMMEND_VALIDITY_MINUTES } from '@wager/contracts';

/** The i18n key (adminSite.validity.*) of each §9 validity option, in minutes. */
export const VALIDITY_KEYS: Record<(typeof RECOMMEND_VALIDITY_MINUTES)[number], 'm30' | 'h1' | 'h6' | 'd1' | 'd3' | 'd7' | 'd15' | 'd30'> = {
  30: 'm30',
  60: 'h1',
  360: 'h6',
  1_440: 'd1',
  4_320: 'd3',
  10_080: 'd7',
  21_600: 'd15',
  43_200: 'd30',
};

export const validityKey = (minutes: number) => VALIDITY_KEYS[minutes as keyof typeof VALIDITY_KEYS] ?? 'd1';
export { RECOMMEND_VALIDITY_MINUTES };
