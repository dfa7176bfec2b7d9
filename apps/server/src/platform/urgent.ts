/**
 * Work a player is waiting on runs before work that may wait (decision 027, "Settlement first").
 * A fixture's or a mini-game round's settlement is a burst of thousands of bets whose winners
 * wait for their money; the commission drain, which turns the same bets into commissions, may
 * credit them seconds later (issue 18: within 5 s). On a 2-core machine the two compete for
 * the same cores, so the drain lets a tick or two pass while a settlement runs in this process.
 * One process only: a settlement on another process of a cluster is not seen, and then the two
 * simply share the database as before.
 */
let running = 0;

/** Runs `fn` as urgent work: while it runs, `urgentWorkRunning()` is true in this process. */
export async function asUrgent<T>(fn: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await fn();
  } finally {
    running--;
  }
}

export const urgentWorkRunning = () => running > 0;

/**
 * A job's run that yields to urgent work: while urgent work runs, up to `ticks` runs in a row are
 * skipped; the next one runs whatever is going on, so the job is late by at most `ticks` periods.
 */
export function yieldingToUrgent(run: () => Promise<void>, ticks: number): () => Promise<void> {
  let skipped = 0;
  return async () => {
    if (urgentWorkRunning() && skipped < ticks) {
      skipped++;
      return;
    }
    skipped = 0;
    await run();
  };
}
