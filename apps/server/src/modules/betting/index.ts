// The betting module's door: code outside the module imports only this file (eslint.config.js).
export { bettingRoutes } from './routes.ts';
export {
  batchStats,
  betDetail,
  cancelBet,
  cashOutBet,
  combine,
  findCashout,
  payout,
  placeBet,
  resettleBets,
  settleBatchStats,
  settleBet,
  settleBets,
  settleOneBet,
  subtreeBets,
  toBetRow,
  unsettleBets,
} from './service.ts';
export type { BatchChain, BetNames, NewBet, Outcome, SettleChain, Settlement } from './service.ts';
export type { CashOut, CashoutRowDb } from './service.ts';
export { settledSince } from './repo-session.ts';
