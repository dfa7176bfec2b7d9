import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { runSettleQueue } from './settlement.ts';

/**
 * The settlement job: drains `sports_settle_queue` every second. Restartable by construction
 * (settlement.ts): progress is committed with each batch, so after a crash the next run resumes
 * where the last committed batch ended. A poll with an empty queue is one indexed query.
 */
export function settleJob(deps: Deps): Job {
  return {
    name: 'sports-settle',
    everyMs: 1_000,
    run: async () => {
      await runSettleQueue(deps.db, deps.clock, { budgetMs: 20_000 });
    },
  };
}
