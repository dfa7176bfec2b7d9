// The statistics module's door: code outside the module imports only this file (eslint.config.js).
export { foldStatistics } from './fold-batch.ts';
export type { StatBatch } from './fold-batch.ts';
export type { StatAccrual, StatOutboxRow, StatPath } from './fold.ts';
export { rebuildStatistics } from './rebuild.ts';
export { statisticsRoutes } from './routes.ts';
export { siteToday } from './service.ts';
export { kstDay, kstStart, resolveRange } from './day.ts';
export { jobs, refreshHoldings } from './holdings.ts';
export { rankMembers } from './ranking.ts';
