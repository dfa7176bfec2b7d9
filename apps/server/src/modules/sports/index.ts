// The sports module's door: code outside the module imports only this file (eslint.config.js).
export { sportsRoutes } from './routes.ts';
export { jobs } from './service.ts';
export { enqueue, writeFixtureResult } from './repo-results.ts';
export { makeFixture } from './settle-test-kit.ts';
export type { KitOutcome } from './settle-test-kit.ts';
export { gradeFromFixtureResult, runSettleQueue } from './settlement.ts';
export { selectionNames } from './repo-bets.ts';
