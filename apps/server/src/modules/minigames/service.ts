import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { chainedEntropy, type EntropySource } from './entropy.ts';
import { runScheduler, type SchedulerOptions } from './scheduler.ts';

/** Mini games (issue 10, decision 019): rules as data, rounds on time slots, provably fair draws. */
export { placeMinigameBet, cancelMinigameBet } from './bets.ts';
export { listGames, currentRound, roundHistory, roundStats, memberRoundBets, verification, commitments } from './reads.ts';
export { runScheduler } from './scheduler.ts';
export { betListEntropy, chainedEntropy, CHAINED_ENTROPY, chainedEntropyOf, type EntropySource } from './entropy.ts';
export { GAMES } from './games/catalogue.ts';
export { checkVerification, type VerifyReport } from './verify.ts';

/**
 * The round scheduler as a job: a pass every second, skipped while nothing is due (the pass says
 * when its next close, draw or opening is), so an idle second runs no query.
 */
export function schedulerJob(deps: Deps, opts: Partial<SchedulerOptions> = {}): Job {
  let due = 0;
  const options: SchedulerOptions = { entropy: chainedEntropy, ...opts };
  return {
    name: 'minigames.rounds',
    everyMs: 1000,
    async run() {
      if (deps.clock.now().getTime() < due) return;
      due = 0; // a failed pass retries on the next tick
      due = await runScheduler(deps, options);
    },
  };
}

/** The background jobs this module runs in a live server (apps/server/src/jobs.ts). */
export function jobs(deps: Deps, entropy: EntropySource = chainedEntropy): Job[] {
  return [schedulerJob(deps, { entropy })];
}
