// The commissions module's door: code outside the module imports only this file (eslint.config.js).
export { drain, DRAIN_LIMIT, drainOnce } from './drain.ts';
export { jobs } from './jobs.ts';
export { losingRoutes } from './losing-routes.ts';
export { actOnLosing, listLosing, runPeriod, setLosingOpen } from './losing.ts';
export { initStatus, initStep, initTick, startInit } from './losing-init.ts';
export type { DrainOptions, DrainReport } from './drain.ts';
export {
  checkChildRates,
  formatRate,
  LOSING_KEY,
  losingRateOf,
  parseRate,
  RATE_PERCENT_DECIMALS,
  RATE_SCALE,
  RATE_KEYS,
  RATE_KINDS,
  RateError,
  ratesOf,
  ROLLING_GAME_TYPES,
  ROLLING_KEYS,
  rollingGameTypeOf,
  SUPPORT_KEYS,
  SUPPORT_KINDS,
  supportKindOf,
} from './rates.ts';
export type { Rate, RateBreach, RateKey, RateKind, Rates, RollingGameType, SupportKind } from './rates.ts';
export { effectiveRates, MAX_DECIMALS, reverse, splitLosing, splitRolling } from './split.ts';
export type { LosingOptions, PathAgent, Split, SplitOptions, SplitPart } from './split.ts';
export { payOrCollectRolling } from './payback.ts';
export type { PaybackDone } from './payback.ts';
