import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { jobs as drainJobs } from './drain.ts';
import { losingJobs } from './losing-init.ts';

/** The module's background jobs: the commission drain (decision 027) and the settlement initialisation (decision 031). */
export const jobs = (deps: Deps): Job[] => [...drainJobs(deps), ...losingJobs(deps)];
