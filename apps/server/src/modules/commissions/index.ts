// The commissions module's door: code outside the module imports only this file (eslint.config.js).
export { drain, DRAIN_LIMIT, drainOnce, jobs } from './drain.ts';
export type { DrainOptions, DrainReport } from './drain.ts';
export {
  checkChildRates,
  formatRate,
  parseRate,
  RATE_PERCENT_DECIMALS,
  RATE_SCALE,
  RateError,
  ratesOf,
  ROLLING_GAME_TYPES,
  ROLLING_KEYS,
  rollingGameTypeOf,
} from './rates.ts';
export type { Rate, RateBreach, Rates, RollingGameType } from './rates.ts';
export { effectiveRates, MAX_DECIMALS, reverse, splitLosing, splitRolling } from './split.ts';
export type { LosingOptions, PathAgent, Split, SplitOptions, SplitPart } from './split.ts';
