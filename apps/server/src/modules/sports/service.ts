import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { settleJob } from './settle-job.ts';
import { feedJob } from './feed/job.ts';

/** The background jobs this module runs in a live server (apps/server/src/jobs.ts). */
export function jobs(deps: Deps): Job[] {
  return [feedJob(deps), settleJob(deps)];
}
