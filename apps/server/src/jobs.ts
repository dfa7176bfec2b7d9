import type { Deps } from './platform/deps.ts';
import type { JobLease } from './platform/job-lease.ts';
import { startJobs, type JobLog } from './platform/jobs.ts';
import { jobs as sportsJobs } from './modules/sports/index.ts';
import { jobs as minigameJobs } from './modules/minigames/index.ts';
import { jobs as casinoJobs } from './modules/casino/index.ts';
import { jobs as houseVendorJobs } from './modules/housevendor/index.ts';
import { jobs as commissionJobs } from './modules/commissions/index.ts';
import { jobs as statisticsJobs } from './modules/statistics/index.ts';
import { jobs as uploadJobs } from './modules/uploads/index.ts';

/**
 * Every background job of a live server; `npm start` runs them, tests call them directly.
 * `lease`: which of them this process runs when several serve one database (decision 060).
 */
export function startBackgroundJobs(deps: Deps, log: JobLog, lease?: JobLease) {
  return startJobs(
    [
      ...sportsJobs(deps),
      ...minigameJobs(deps),
      ...casinoJobs(deps),
      ...houseVendorJobs(deps),
      ...commissionJobs(deps),
      ...statisticsJobs(deps),
      ...uploadJobs(deps),
    ],
    log,
    {
      startDelayMs: 1500,
      lease,
    },
  );
}
