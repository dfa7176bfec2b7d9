export const LIMIT_KEYS = ['deposit_daily', 'deposit_monthly', 'loss_daily'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

export { usePlayLimits } from './queries.ts';
