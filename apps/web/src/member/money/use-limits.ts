import { PLAYER_LIMIT_KEYS, type PlayerLimitKey } from '@wager/contracts';

export const LIMIT_KEYS = PLAYER_LIMIT_KEYS;
export type LimitKey = PlayerLimitKey;
/** The page's sections: deposits, losses, stakes and session time (decision 057). */
export const LIMIT_GROUPS = [
  { key: 'deposit', keys: ['deposit_daily', 'deposit_weekly', 'deposit_monthly'] },
  { key: 'loss', keys: ['loss_daily', 'loss_weekly', 'loss_monthly'] },
  { key: 'stake', keys: ['stake_per_bet', 'stake_daily'] },
  { key: 'session', keys: ['session_minutes'] },
] as const satisfies readonly { key: string; keys: readonly LimitKey[] }[];

export { usePlayLimits } from './queries.ts';
