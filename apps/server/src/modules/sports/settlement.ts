import type { Clock } from '../../platform/clock.ts';
import type { Db, Sql } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { asUrgent } from '../../platform/urgent.ts';
import { gradeMarket, type FixtureResult } from './grading.ts';
import * as repo from './repo-results.ts';
import { passesOf, type Bets, type Pass } from './settle-passes.ts';

/**
 * Settlement of sports bets from the settle queue (decision 018). Each queue item is worked in
 * batches of bets in bet-id order; one batch is ONE transaction: the bets' ledger posting
 * (`betting.settleBets` / `unsettleBets`), their per-leg results and the item's cursor. A crash
 * loses at most the batch in flight (rolled back), and the next run resumes after the cursor;
 * `settleBets` skips any bet no longer open, so nothing is paid twice.
 */

export type RunOptions = {
  batchSize?: number;
  /** Stop after this long (ms of the injected clock are not used: wall time, so a big fixture does not hold a caller). */
  budgetMs?: number;
  /** Only this queue item (an admin call settling what it just entered). */
  onlyItem?: bigint;
  /** Called after each committed batch (tests simulate a crash by throwing here). */
  afterBatch?: (n: number) => void;
};

/** Groups leg rows (ordered by bet, then leg) per bet. */
export function groupLegs(rows: repo.LegRow[]) {
  const bets: Bets = new Map();
  for (const r of rows) {
    const a = bets.get(r.bet_id);
    if (a) a.push(r);
    else bets.set(r.bet_id, [r]);
  }
  return bets;
}

/**
 * Grades the fixture's still-ungraded outcomes from its stored result (a feed that sends only
 * the score, or an admin entry): outcomes the result does not cover stay ungraded.
 */
export async function gradeFromFixtureResult(sql: Sql, clock: Clock, fixtureId: bigint, overwrite: boolean) {
  const f = await repo.fixtureById(sql, fixtureId);
  if (!f?.result) return 0;
  const result = f.result as FixtureResult;
  const rows: { id: bigint; result: string | null; deadHeat: string | null }[] = [];
  const settledMarkets: bigint[] = [];
  for (const m of await repo.marketsOf(sql, fixtureId)) {
    if (m.status === 'void') continue;
    const g = gradeMarket(result, { kind: m.kind, period: m.period, line: m.line, outcomes: m.outcomes.map((o) => o.code) });
    if (!g) continue;
    settledMarkets.push(m.market_id);
    for (const o of m.outcomes) {
      const r = g.find((x) => x.code === o.code)!;
      rows.push({ id: BigInt(o.id), result: r.result, deadHeat: r.deadHeat });
    }
  }
  if (!overwrite) {
    const open = new Set(await repo.ungradedOutcomeIds(sql, fixtureId));
    const todo = rows.filter((r) => open.has(r.id));
    await repo.writeOutcomeResults(sql, todo, clock.now());
    return todo.length;
  }
  await repo.writeOutcomeResults(sql, rows, clock.now());
  await repo.setMarketStatus(sql, settledMarkets, 'settled');
  return rows.length;
}

/** A new settle item first grades what the stored result decides (an item resumed after a crash already did). */
async function gradeBeforeSettling(db: Db, clock: Clock, item: repo.QueueItem) {
  if (item.action !== 'settle' || item.phase !== 0 || item.cursor !== 0n) return;
  await db.tx(async (sql) => {
    if ((await repo.ungradedCount(sql, item.fixture_id)) > 0) await gradeFromFixtureResult(sql, clock, item.fixture_id, false);
  });
}

/**
 * Batch k+1's transaction starts while batch k commits: it locks its bets and writes their legs,
 * then waits (`gate`: k committed and `afterBatch` passed) before it touches a member account or
 * saves the cursor. Commits stay in cursor order, so a crash still leaves a prefix of batches
 * done; a failed batch fails the one behind it too (its gate rejects), before its posting.
 * k+1 starts only once k holds its bets (`lockedK`): this wait of ours on k is invisible to the
 * server's deadlock detector, so k must never wait inside the server on a lock that k+1 holds or
 * that another worker holds while waiting on k+1 — another worker's batch overlapping ours (the
 * admin call and the job on one item) could otherwise hold some of k's bets while it waits on
 * k+1's. Once k holds its bets it waits only on member accounts, whose holders have every bet
 * and leg they need already.
 */
function batchPipeline() {
  let inflight: Promise<void> | null = null;
  let lockedK: Promise<void> | null = null;
  return {
    /** Waits until the batch in flight has committed. */
    async drain() {
      const f = inflight;
      inflight = null;
      if (f) await f;
    },
    /** Starts a batch once the one before holds its bets; returns once the one before has committed. */
    async push(start: (gate: Promise<void>, locked: () => void) => Promise<void>) {
      const prev = inflight;
      const gate: Promise<void> = prev ?? Promise.resolve();
      if (lockedK) await lockedK;
      let onLocked = () => {};
      lockedK = new Promise<void>((resolve) => (onLocked = resolve));
      const run = start(gate, onLocked);
      run.then(onLocked, onLocked);
      inflight = run;
      if (prev) {
        try {
          await prev;
        } catch (e) {
          await run.catch(() => undefined);
          throw e;
        }
      }
    },
  };
}

type Batch = { key: string; phase: number; last: bigint; bets: Bets };

/** One batch is one transaction: the pass's work on its bets, then (after `gate`) the item's cursor. */
function commitBatch(db: Db, itemId: bigint, pass: Pass, b: Batch, gate: Promise<void>, locked: () => void) {
  return db.tx(async (sql) => {
    const r = await pass.run(sql, b.key, b.bets, gate, locked);
    await gate;
    await repo.saveProgress(sql, itemId, {
      phase: b.phase,
      cursor: b.last,
      settled: r.settled,
      reopened: r.reopened,
      writtenOff: r.writtenOff,
      doneAt: null,
    });
  });
}

/** The next batch (bet ids after `last`, so untouched by the batch in flight), read while that one commits. */
function readAhead(db: Db, item: repo.QueueItem, last: bigint, batchSize: number, filter: repo.BetFilter) {
  const ahead = repo.nextBatch(db, item.fixture_id, last, batchSize, filter);
  ahead.catch(() => undefined);
  return ahead;
}

/** Works one queue item until done (or the budget/crash stops it). Returns false when stopped early. */
async function workItem(
  db: Db,
  clock: Clock,
  item: repo.QueueItem,
  o: Required<Pick<RunOptions, 'batchSize'>> & RunOptions,
  started: number,
  count: { n: number },
) {
  await gradeBeforeSettling(db, clock, item);
  const passes = passesOf(item, clock);
  const line = batchPipeline();
  let phase = item.phase;
  let cursor = item.cursor;
  let next: Promise<repo.LegRow[]> | null = null;
  while (phase < passes.length) {
    const pass = passes[phase];
    const rows = await (next ?? repo.nextBatch(db, item.fixture_id, cursor, o.batchSize, pass.filter));
    next = null;
    if (rows.length === 0) {
      // The pass is done: the next one starts from the first bet.
      await line.drain();
      phase += 1;
      cursor = 0n;
      const done = phase >= passes.length;
      await repo.saveProgress(db, item.id, { phase, cursor, settled: 0, reopened: 0, writtenOff: 0n, doneAt: done ? clock.now() : null });
      continue;
    }
    const batch: Batch = { key: `sports:q${item.id}:p${phase}`, phase, last: rows[rows.length - 1].bet_id, bets: groupLegs(rows) };
    next = readAhead(db, item, batch.last, o.batchSize, pass.filter);
    await line.push((gate, locked) =>
      commitBatch(db, item.id, pass, batch, gate, locked).then(() => {
        count.n += 1;
        o.afterBatch?.(count.n);
      }),
    );
    cursor = batch.last;
    // Only the passes whose run awaits `gate` may overlap their batches.
    if (!pass.overlap) await line.drain();
    if (o.budgetMs !== undefined && performance.now() - started > o.budgetMs) {
      await line.drain();
      return false;
    }
  }
  await line.drain();
  return true;
}

/**
 * Drains the settle queue in order. An item that fails with an application error (a recall
 * the players cannot cover without force) is closed with the error recorded, so one bad item
 * never blocks the rest; any other failure (a crash, a lost connection) leaves it for the next run.
 */
export function runSettleQueue(db: Db, clock: Clock, opts: RunOptions = {}) {
  // Winners wait on this: the commission drain lets it have the cores (platform/urgent.ts).
  return asUrgent(() => settleQueue(db, clock, opts));
}

async function settleQueue(db: Db, clock: Clock, opts: RunOptions) {
  const o = { batchSize: 2000, ...opts };
  const started = performance.now();
  const count = { n: 0 };
  for (;;) {
    const items = opts.onlyItem !== undefined ? [await repo.itemById(db, opts.onlyItem)].filter((i) => i && !i.done_at) : await repo.openItems(db, 20);
    if (items.length === 0) return { batches: count.n, done: true };
    for (const item of items) {
      try {
        if (!(await workItem(db, clock, item, o, started, count))) return { batches: count.n, done: false };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        await repo.saveProgress(db, item.id, {
          phase: item.phase,
          cursor: item.cursor,
          settled: 0,
          reopened: 0,
          writtenOff: 0n,
          doneAt: clock.now(),
          error: { code: e.code, message: e.message, params: e.details?.params ?? null },
        });
      }
    }
    if (opts.onlyItem !== undefined) return { batches: count.n, done: true };
  }
}
