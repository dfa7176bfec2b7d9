import { homeOf, type Sql } from '../../platform/db.ts';

/**
 * Group commit (decision 012, fifth pass): work arriving while earlier statements are in flight
 * waits and goes together, one statement and one commit for all of it. At most MAX_INFLIGHT
 * statements of a queue run at once (one more beside a stalled one, STALL_MS), so under light
 * load a job goes at once (a batch of one) and under heavy load batches grow instead of round
 * trips. One job per member per batch (its balance decides it alone); a member's second job
 * waits for the next. A job the batch did not do is answered `undefined`: the caller then takes
 * its one-by-one path, which answers exactly.
 */

export type BatchStats = { batches: number; posted: number; failed: number };
type Entry = { sql: Sql; member: bigint; job: unknown; done: (r: Record<string, unknown> | undefined) => void };
/** Runs one batch on the Sql of its first job, outside any transaction; answers per job its row or undefined. */
export type RunBatch<J> = (sql: Sql, jobs: J[]) => Promise<(Record<string, unknown> | undefined)[]>;
type Queue = { run: RunBatch<unknown>; stats: BatchStats; entries: Entry[]; inflight: number; stalled: number; scheduled: boolean };

// One: two in flight made batches of 5 instead of 7 at 20 connections, and the executor start
// and commit per statement cost more than the overlap gained (decision 021, sixth pass).
const MAX_INFLIGHT = 1;
// A statement still running after STALL_MS (a batch takes a few ms) is waiting for a row another
// transaction holds, such as a house shard: one more may start beside it, so that one held row
// does not hold up every bet of the queue.
const STALL_MS = 50;
const MAX_INFLIGHT_STALLED = 2;
const limit = (q: Queue) => (q.stalled > 0 ? MAX_INFLIGHT_STALLED : MAX_INFLIGHT);
const MAX_BATCH = 100;
const queues = new WeakMap<object, Map<string, Queue>>();

/**
 * Queues a job under `name` on this database (an observed Sql of it too); the first job of a
 * name sets how its batches run.
 */
export function inBatch<J>(sql: Sql, name: string, member: bigint, job: J, run: RunBatch<J>, stats: BatchStats) {
  const home = homeOf(sql);
  let byName = queues.get(home);
  if (!byName) queues.set(home, (byName = new Map()));
  let q = byName.get(name);
  if (!q) byName.set(name, (q = { run: run as RunBatch<unknown>, stats, entries: [], inflight: 0, stalled: 0, scheduled: false }));
  const queue = q;
  return new Promise<Record<string, unknown> | undefined>((done) => {
    queue.entries.push({ sql, member, job, done });
    pump(queue);
  });
}

function pump(q: Queue) {
  if (q.scheduled || q.inflight >= limit(q) || q.entries.length === 0) return;
  q.scheduled = true;
  // The jobs whose requests were read in this turn of the event loop go together.
  setImmediate(() => {
    q.scheduled = false;
    if (q.inflight < limit(q)) void flush(q);
  });
}

async function flush(q: Queue) {
  const take: Entry[] = [];
  const members = new Set<bigint>();
  const rest: Entry[] = [];
  for (const e of q.entries) {
    if (take.length < MAX_BATCH && !members.has(e.member)) {
      members.add(e.member);
      take.push(e);
    } else rest.push(e);
  }
  q.entries = rest;
  if (take.length === 0) return;
  q.inflight++;
  let stalled = false;
  const watch = setTimeout(() => {
    stalled = true;
    q.stalled++;
    pump(q);
  }, STALL_MS);
  pump(q);
  let rows: (Record<string, unknown> | undefined)[] = [];
  try {
    rows = await q.run(
      take[0].sql,
      take.map((e) => e.job),
    );
    q.stats.batches++;
    q.stats.posted += rows.filter(Boolean).length;
  } catch {
    q.stats.failed++;
    // Nothing of a failed statement stayed: every job of it goes one by one.
  } finally {
    clearTimeout(watch);
    if (stalled) q.stalled--;
    q.inflight--;
    for (const [i, e] of take.entries()) e.done(rows[i]);
    pump(q);
  }
}
