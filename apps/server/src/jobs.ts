import type { Deps } from './platform/deps.ts';
import { startJobs, type JobLog } from './platform/jobs.ts';
import { jobs as sportsJobs } from './modules/sports/service.ts';
import { jobs as minigameJobs } from './modules/minigames/service.ts';
import { jobs as casinoJobs } from './modules/casino/service.ts';
import { jobs as houseVendorJobs } from './modules/housevendor/service.ts';

/** Every background job of a live server; `npm start` runs them, tests call them directly. */
export function startBackgroundJobs(deps: Deps, log: JobLog) {
  return startJobs([...sportsJobs(deps), ...minigameJobs(deps), ...casinoJobs(deps), ...houseVendorJobs(deps)], log, { startDelayMs: 1500 });
}
