// The ledger module's door: code outside the module imports only this file (eslint.config.js).
export { ledgerRoutes } from './routes.ts';
export {
  definePart,
  getBalances,
  counterpartTotals,
  HOUSE,
  houseBalances,
  lockBalances,
  memberPostings,
  postingBatch,
  postTransaction,
  shardOf,
  totalUserBalance,
  transfer,
  transferBatch,
  userHistory,
  verifyLedger,
} from './service.ts';
export type { AccountRef, Asset, BatchTransfer, Chained, Guard, Part, Posting } from './service.ts';
