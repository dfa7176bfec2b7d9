import type { Clock } from '../../platform/clock.ts';
import type { Db, Sql } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { resettleBets, settleBets, unsettleBets, type Settlement } from '../betting/service.ts';
import { gradeBet, gradeMarket, type FixtureResult, type Leg } from './grading.ts';
import * as repo from './repo-results.ts';

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

const SETTLED = ['won', 'lost', 'draw', 'void'];
type Params = { force?: boolean; by?: string; markets?: string[]; start?: string; end?: string; what?: 'settlement' | 'cancel' };

/** Groups leg rows (ordered by bet, then leg) per bet. */
export function groupLegs(rows: repo.LegRow[]) {
  const bets = new Map<bigint, repo.LegRow[]>();
  for (const r of rows) {
    const a = bets.get(r.bet_id);
    if (a) a.push(r);
    else bets.set(r.bet_id, [r]);
  }
  return bets;
}

/** A bet whose every leg has a result, graded; null while a leg is undecided. */
export function gradeOpenBet(legs: repo.LegRow[]): Settlement | null {
  if (legs.some((l) => l.result === null)) return null;
  const b = legs[0];
  const asLegs: Leg[] = legs.map((l) => ({ odds: l.odds, result: l.result!, deadHeat: l.dead_heat, pushed: l.played }));
  const g = gradeBet(b.amount, b.potential_win, asLegs);
  // Per-leg results live in sports_bet_selections; a combination also carries them in
  // bets.selections for the history list (a single's result is the bet's own status).
  const stored = Array.isArray(b.selections) ? (b.selections as Record<string, unknown>[]) : null;
  const selections = stored?.map((s, i) => (legs[i] ? { ...s, result: legs[i].result } : s));
  return { betId: b.bet_id, outcome: g.outcome, winAmount: g.winAmount, ...(selections ? { selections } : {}) };
}

/**
 * Settles the given open bets (legs already read); returns how many were settled. The legs'
 * results are written while only the bets are locked, then `gate` (the previous batch's commit)
 * is awaited before the posting locks the members' accounts (see `workItem`).
 */
async function settleGraded(sql: Sql, clock: Clock, key: string, bets: Map<bigint, repo.LegRow[]>, gate: Promise<void>, locked: () => void) {
  const graded = [...bets.values()].map(gradeOpenBet).filter((g): g is Settlement => g !== null);
  if (graded.length === 0) return [] as bigint[];
  const r = await settleBets(sql, clock, key, graded, {
    beforePost: async (_reopened, settled) => {
      locked();
      await repo.writeLegResults(sql, settled);
      await gate;
    },
  });
  return r.settled;
}

const dateOr = (s: string | undefined) => (s ? new Date(s) : null);

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
    const open = new Set(
      (
        await sql.query<{ id: bigint }>(`SELECT o.id FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = $1 AND o.result IS NULL`, [
          fixtureId,
        ])
      ).rows.map((r) => r.id),
    );
    const todo = rows.filter((r) => open.has(r.id));
    await repo.writeOutcomeResults(sql, todo, clock.now());
    return todo.length;
  }
  await repo.writeOutcomeResults(sql, rows, clock.now());
  await repo.setMarketStatus(sql, settledMarkets, 'settled');
  return rows.length;
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
  const p = item.params as Params;
  const window = { from: dateOr(p.start), to: dateOr(p.end) };
  const markets = p.markets && p.markets.length ? p.markets : null;
  let phase = item.phase;
  let cursor = item.cursor;
  if (item.action === 'settle' && phase === 0 && cursor === 0n) {
    await db.tx(async (sql) => {
      if ((await repo.ungradedCount(sql, item.fixture_id)) > 0) await gradeFromFixtureResult(sql, clock, item.fixture_id, false);
    });
  }
  // Each action is one or two passes over the fixture's bets: [filter, what to do with a batch].
  // `overlap`: the pass's run awaits `gate` before it locks any member account, so its batch may
  // start while the previous one commits (the other passes run one batch at a time).
  type Pass = {
    filter: repo.BetFilter;
    overlap?: boolean;
    run: (
      sql: Sql,
      key: string,
      bets: Map<bigint, repo.LegRow[]>,
      gate: Promise<void>,
      locked: () => void,
    ) => Promise<{ settled: number; reopened: number; writtenOff: bigint }>;
  };
  const settlePass: Pass = {
    filter: { statuses: ['open'], markets: null, from: null, to: null, cancelledBy: null },
    overlap: true,
    run: async (sql, key, bets, gate, locked) => ({ settled: (await settleGraded(sql, clock, key, bets, gate, locked)).length, reopened: 0, writtenOff: 0n }),
  };
  const reopen = async (sql: Sql, key: string, bets: Map<bigint, repo.LegRow[]>, force: boolean) => {
    const r = await unsettleBets(sql, clock, `${key}:u`, [...bets.keys()], { force });
    // A reopened bet shows no leg results (a re-entry writes its own, see the resettle pass).
    await repo.clearLegResults(sql, r.reopened);
    return { reopened: r.reopened, writtenOff: r.shortfalls.reduce((a, s) => a + s.missing, 0n) };
  };
  // A cancelled combination shows no folder results (a recalled settlement may have left them).
  const cancelAll = async (sql: Sql, key: string, bets: Map<bigint, repo.LegRow[]>) => {
    if (bets.size === 0) return 0;
    const r = await settleBets(
      sql,
      clock,
      `${key}:c`,
      [...bets.values()].map((legs) => {
        const stored = Array.isArray(legs[0].selections) ? (legs[0].selections as Record<string, unknown>[]) : null;
        const selections = stored?.map(({ result: _result, ...rest }) => rest);
        return { betId: legs[0].bet_id, outcome: 'cancelled' as const, ...(selections ? { selections } : {}) };
      }),
    );
    return r.settled.length;
  };
  let passes: Pass[];
  switch (item.action) {
    case 'settle':
      passes = [settlePass];
      break;
    case 'resettle':
      passes = [
        {
          // `markets`: only bets with a leg in them (a feed void of some markets); absent = every bet of the fixture.
          filter: { statuses: SETTLED, markets, from: null, to: null, cancelledBy: null },
          overlap: true,
          run: async (sql, key, bets, gate, locked) => {
            // The batch's legs are the bets' legs (re-opening does not change them), so they are graded
            // as read and every bet row is written once (recalled and paid again in one update).
            const graded = [...bets.values()].map(gradeOpenBet).filter((g): g is Settlement => g !== null);
            const r = await resettleBets(sql, clock, { recall: `${key}:u`, settle: `${key}:s` }, [...bets.keys()], graded, {
              // The feed's re-settlement always goes through (what players no longer hold is written off); an admin decides.
              force: p.force ?? p.by === 'feed',
              beforePost: async (reopened, settled) => {
                locked();
                await repo.writeLegResults(sql, settled);
                const again = new Set(settled);
                await repo.clearLegResults(
                  sql,
                  reopened.filter((id) => !again.has(id)),
                );
                await gate;
              },
            });
            return { settled: r.settled.length, reopened: r.reopened.length, writtenOff: r.shortfalls.reduce((a, s) => a + s.missing, 0n) };
          },
        },
        settlePass,
      ];
      break;
    case 'cancel_refund':
      // Bets not settled yet are cancelled with the stake back; settled ones stand.
      passes = [
        {
          filter: { statuses: ['open'], markets, ...window, cancelledBy: null },
          run: async (sql, key, bets) => ({ settled: await cancelAll(sql, key, bets), reopened: 0, writtenOff: 0n }),
        },
      ];
      break;
    case 'cancel_recover':
    case 'cancel_window':
      // Every bet is cancelled with the stake back; a paid prize is recalled first.
      passes = [
        {
          filter: { statuses: ['open', ...SETTLED], markets, ...window, cancelledBy: null },
          run: async (sql, key, bets) => {
            const settledIds = [...bets.values()].filter((l) => l[0].status !== 'open').map((l) => l[0].bet_id);
            const r = settledIds.length ? await reopen(sql, key, new Map(settledIds.map((id) => [id, bets.get(id)!])), p.force !== false) : null;
            return { settled: await cancelAll(sql, key, bets), reopened: r?.reopened.length ?? 0, writtenOff: r?.writtenOff ?? 0n };
          },
        },
      ];
      break;
    case 'rollback':
      passes =
        p.what === 'cancel'
          ? [
              {
                filter: { statuses: ['cancelled'], markets, ...window, cancelledBy: ['feed', 'admin', 'system'] },
                run: async (sql, key, bets) => {
                  const r = await reopen(sql, key, bets, p.force !== false);
                  return { settled: 0, reopened: r.reopened.length, writtenOff: r.writtenOff };
                },
              },
              settlePass,
            ]
          : [
              {
                filter: { statuses: SETTLED, markets, from: null, to: null, cancelledBy: null },
                run: async (sql, key, bets) => {
                  const r = await reopen(sql, key, bets, p.force !== false);
                  return { settled: 0, reopened: r.reopened.length, writtenOff: r.writtenOff };
                },
              },
            ];
      break;
  }
  // Batch k+1's transaction starts while batch k commits: it locks its bets and writes their legs,
  // then waits (`gate`: k committed and `afterBatch` passed) before it touches a member account or
  // saves the cursor. Commits stay in cursor order, so a crash still leaves a prefix of batches
  // done; a failed batch fails the one behind it too (its gate rejects), before its posting.
  // k+1 starts only once k holds its bets (`lockedK`): this wait of ours on k is invisible to the
  // server's deadlock detector, so k must never wait inside the server on a lock that k+1 holds or
  // that another worker holds while waiting on k+1 — another worker's batch overlapping ours (the
  // admin call and the job on one item) could otherwise hold some of k's bets while it waits on
  // k+1's. Once k holds its bets it waits only on member accounts, whose holders have every bet
  // and leg they need already.
  let next: Promise<repo.LegRow[]> | null = null;
  let inflight: Promise<void> | null = null;
  let lockedK: Promise<void> | null = null;
  const settle = async () => {
    const f = inflight;
    inflight = null;
    if (f) await f;
  };
  while (phase < passes.length) {
    const pass = passes[phase];
    const rows = await (next ?? repo.nextBatch(db, item.fixture_id, cursor, o.batchSize, pass.filter));
    next = null;
    if (rows.length === 0) {
      await settle();
      phase += 1;
      cursor = 0n;
      const done = phase >= passes.length;
      await repo.saveProgress(db, item.id, { phase, cursor, settled: 0, reopened: 0, writtenOff: 0n, doneAt: done ? clock.now() : null });
      continue;
    }
    const bets = groupLegs(rows);
    const last = rows[rows.length - 1].bet_id;
    // The next batch (bet ids after `last`, so untouched by this one) is read while this one commits.
    const ahead = repo.nextBatch(db, item.fixture_id, last, o.batchSize, pass.filter);
    ahead.catch(() => undefined);
    next = ahead;
    const prev = inflight;
    const gate: Promise<void> = prev ?? Promise.resolve();
    const key = `sports:q${item.id}:p${phase}`;
    const batchPhase = phase;
    if (lockedK) await lockedK;
    let onLocked = () => {};
    lockedK = new Promise<void>((resolve) => (onLocked = resolve));
    const run = db
      .tx(async (sql) => {
        const r = await pass.run(sql, key, bets, gate, onLocked);
        await gate;
        await repo.saveProgress(sql, item.id, {
          phase: batchPhase,
          cursor: last,
          settled: r.settled,
          reopened: r.reopened,
          writtenOff: r.writtenOff,
          doneAt: null,
        });
      })
      .then(() => {
        count.n += 1;
        o.afterBatch?.(count.n);
      });
    run.then(onLocked, onLocked);
    cursor = last;
    inflight = run;
    if (prev) {
      try {
        await prev;
      } catch (e) {
        await run.catch(() => undefined);
        throw e;
      }
    }
    if (!pass.overlap) await settle();
    if (o.budgetMs !== undefined && performance.now() - started > o.budgetMs) {
      await settle();
      return false;
    }
  }
  await settle();
  return true;
}

/**
 * Drains the settle queue in order. An item that fails with an application error (a recall
 * the players cannot cover without force) is closed with the error recorded, so one bad item
 * never blocks the rest; any other failure (a crash, a lost connection) leaves it for the next run.
 */
export async function runSettleQueue(db: Db, clock: Clock, opts: RunOptions = {}) {
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
