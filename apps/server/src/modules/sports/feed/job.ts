/**
 * The feed job: every second, asks the feed for the messages due since its cursor and ingests
 * them (cursor and messages commit together, so a restart continues exactly where the last
 * committed batch ended; fixtures are keyed by feed ref, so nothing is duplicated). The first
 * run (an empty database) takes a snapshot: on `npm start` there are prematch and live games
 * for every sport at once. Run it in one server process only.
 */
import { SPORTS } from '@wager/contracts';
import { homeOf, type Db } from '../../../platform/db.ts';
import type { Deps } from '../../../platform/deps.ts';
import { onChange } from '../../../platform/events.ts';
import type { Job } from '../../../platform/jobs.ts';
import { ingest, repriceAll } from '../ingest.ts';
import * as repo from '../repo-catalogue.ts';
import { SPORT_NAMES } from './sim-data.ts';
import { simulatedFeed } from './simulated.ts';
import type { FeedAdapter } from './types.ts';

const PRUNE_EVERY_MS = 10 * 60_000;
const KEEP_LOG_MS = 24 * 3600_000;
const KEEP_ODDS_LOG_MS = 2 * 3600_000;

export async function ensureSports(db: Db) {
  await repo.upsertSports(
    db,
    SPORTS.map((code, i) => ({ code, names: SPORT_NAMES[code], sort: i })),
  );
}

/** The seed of the built-in feed (SPORTS_FEED_SEED); the same seed replays the same world. */
export const feedSeed = () => process.env.SPORTS_FEED_SEED || 'wager-sports';

export function feedJob(deps: Deps, feed: FeedAdapter = simulatedFeed({ seed: feedSeed() })): Job {
  let ready = false;
  let cursor: Date | null = null;
  let repriceNeeded = false;
  let prunedAt = 0;
  // A settings change (margin, adjustment, provider, cap) re-prices every market on offer.
  onChange((home, c) => {
    if (c.topic === 'all' && home === homeOf(deps.db)) repriceNeeded = true;
  });
  return {
    name: 'sports-feed',
    everyMs: 1000,
    async run() {
      // SPORTS_FEED=off: no built-in feed (a real adapter runs elsewhere, or a bench wants a quiet box).
      if (process.env.SPORTS_FEED === 'off') return;
      if (!ready) {
        await ensureSports(deps.db);
        cursor = await repo.readCursor(deps.db, feed.name);
        ready = true;
      }
      const to = deps.clock.now();
      // A clock set back (test controls) restarts from a snapshot instead of stalling until it catches up.
      if (cursor && to.getTime() < cursor.getTime() - 60_000) cursor = null;
      if (cursor && to.getTime() <= cursor.getTime()) return;
      const messages = await feed.poll(cursor, to);
      if (messages.length > 0) await ingest(deps.db, deps.clock, messages, { feed: feed.name, to });
      cursor = to;
      if (repriceNeeded) {
        repriceNeeded = false;
        await repriceAll(deps.db, deps.clock);
      }
      if (to.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = to.getTime();
        await repo.pruneLog(deps.db, new Date(to.getTime() - KEEP_LOG_MS), new Date(to.getTime() - KEEP_ODDS_LOG_MS));
      }
    },
  };
}
