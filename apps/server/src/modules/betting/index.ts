// The betting module's door: code outside the module imports only this file (eslint.config.js).
export { bettingRoutes } from './routes.ts';
export {
  batchStats,
  betDetail,
  cancelBet,
  combine,
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
export type { BatchChain, NewBet, Outcome, SettleChain, Settlement } from './service.ts';
