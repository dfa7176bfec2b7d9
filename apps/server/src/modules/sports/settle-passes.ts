import type { Clock } from '../../platform/clock.ts';
import type { Sql } from '../../platform/db.ts';
import { resettleBets, settleBets, unsettleBets, type Settlement } from '../betting/index.ts';
import { gradeBet, type Leg } from './grading.ts';
import * as repo from './repo-results.ts';

/**
 * What each settle-queue action does to the fixture's bets: one or two passes, each a filter
 * over the bets and what to do with one batch of them (the batch loop is in `settlement.ts`).
 */

export type Bets = Map<bigint, repo.LegRow[]>;
export type PassResult = { settled: number; reopened: number; writtenOff: bigint };
export type Pass = {
  filter: repo.BetFilter;
  /** The run awaits `gate` before it locks any member account, so its batch may start while the previous one commits. */
  overlap?: boolean;
  run: (sql: Sql, key: string, bets: Bets, gate: Promise<void>, locked: () => void) => Promise<PassResult>;
};

type Params = { force?: boolean; by?: string; markets?: string[]; start?: string; end?: string; what?: 'settlement' | 'cancel' };
type PassContext = { clock: Clock; p: Params; markets: string[] | null; window: { from: Date | null; to: Date | null } };

const SETTLED = ['won', 'lost', 'draw', 'void'];
const dateOr = (s: string | undefined) => (s ? new Date(s) : null);
const writtenOffOf = (shortfalls: { missing: bigint }[]) => shortfalls.reduce((a, s) => a + s.missing, 0n);

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
  // A partial cash-out between this read and the settlement's lock cuts the stake and potential
  // win: the payout is graded again from the bet as locked (decision 048).
  const winFor = g.outcome === 'won' ? (stake: bigint, potential: bigint) => gradeBet(stake, potential, asLegs).winAmount : undefined;
  return { betId: b.bet_id, outcome: g.outcome, winAmount: g.winAmount, ...(winFor ? { winFor } : {}), ...(selections ? { selections } : {}) };
}

const gradeAll = (bets: Bets) => [...bets.values()].map(gradeOpenBet).filter((g): g is Settlement => g !== null);

/**
 * Settles the given open bets (legs already read); returns how many were settled. The legs'
 * results are written while only the bets are locked, then `gate` (the previous batch's commit)
 * is awaited before the posting locks the members' accounts (see `runPasses`).
 */
async function settleGraded(sql: Sql, clock: Clock, key: string, bets: Bets, gate: Promise<void>, locked: () => void) {
  const graded = gradeAll(bets);
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

/**
 * Recalls and pays again in one update: the batch's legs are the bets' legs (re-opening does not
 * change them), so they are graded as read and every bet row is written once.
 */
async function regradeSettled(sql: Sql, c: PassContext, key: string, bets: Bets, gate: Promise<void>, locked: () => void): Promise<PassResult> {
  const r = await resettleBets(sql, c.clock, { recall: `${key}:u`, settle: `${key}:s` }, [...bets.keys()], gradeAll(bets), {
    // The feed's re-settlement always goes through (what players no longer hold is written off); an admin decides.
    force: c.p.force ?? c.p.by === 'feed',
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
  return { settled: r.settled.length, reopened: r.reopened.length, writtenOff: writtenOffOf(r.shortfalls) };
}

async function reopen(sql: Sql, clock: Clock, key: string, bets: Bets, force: boolean) {
  const r = await unsettleBets(sql, clock, `${key}:u`, [...bets.keys()], { force });
  // A reopened bet shows no leg results (a re-entry writes its own, see the resettle pass).
  await repo.clearLegResults(sql, r.reopened);
  return { reopened: r.reopened, writtenOff: writtenOffOf(r.shortfalls) };
}

// A cancelled combination shows no folder results (a recalled settlement may have left them).
async function cancelAll(sql: Sql, clock: Clock, key: string, bets: Bets) {
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
}

/** Open bets whose legs all have a result are paid; the others wait for a later item. */
const settlePass = (c: PassContext): Pass => ({
  filter: { statuses: ['open'], markets: null, from: null, to: null, cancelledBy: null },
  overlap: true,
  run: async (sql, key, bets, gate, locked) => ({ settled: (await settleGraded(sql, c.clock, key, bets, gate, locked)).length, reopened: 0, writtenOff: 0n }),
});

/** Settled bets are recalled and graded again (`markets`: only bets with a leg in them, a feed void of some markets). */
const resettlePass = (c: PassContext): Pass => ({
  filter: { statuses: SETTLED, markets: c.markets, from: null, to: null, cancelledBy: null },
  overlap: true,
  run: (sql, key, bets, gate, locked) => regradeSettled(sql, c, key, bets, gate, locked),
});

/** Bets not settled yet are cancelled with the stake back; settled ones stand. */
const refundOpenPass = (c: PassContext): Pass => ({
  filter: { statuses: ['open'], markets: c.markets, ...c.window, cancelledBy: null },
  run: async (sql, key, bets) => ({ settled: await cancelAll(sql, c.clock, key, bets), reopened: 0, writtenOff: 0n }),
});

/** Every bet is cancelled with the stake back; a paid prize is recalled first. */
const cancelEveryPass = (c: PassContext): Pass => ({
  filter: { statuses: ['open', ...SETTLED], markets: c.markets, ...c.window, cancelledBy: null },
  run: async (sql, key, bets) => {
    const settledIds = [...bets.values()].filter((l) => l[0].status !== 'open').map((l) => l[0].bet_id);
    const r = settledIds.length ? await reopen(sql, c.clock, key, new Map(settledIds.map((id) => [id, bets.get(id)!])), c.p.force !== false) : null;
    return { settled: await cancelAll(sql, c.clock, key, bets), reopened: r?.reopened.length ?? 0, writtenOff: r?.writtenOff ?? 0n };
  },
});

/** Bets of the given filter are reopened (a cancel or a settlement rolled back). */
const reopenPass = (c: PassContext, filter: repo.BetFilter): Pass => ({
  filter,
  run: async (sql, key, bets) => {
    const r = await reopen(sql, c.clock, key, bets, c.p.force !== false);
    return { settled: 0, reopened: r.reopened.length, writtenOff: r.writtenOff };
  },
});

/** The passes of one queue item, in order (the item's `phase` indexes them). */
export function passesOf(item: repo.QueueItem, clock: Clock): Pass[] {
  const p = item.params as Params;
  const markets = p.markets && p.markets.length ? p.markets : null;
  const c: PassContext = { clock, p, markets, window: { from: dateOr(p.start), to: dateOr(p.end) } };
  switch (item.action) {
    case 'settle':
      return [settlePass(c)];
    case 'resettle':
      return [resettlePass(c), settlePass(c)];
    case 'cancel_refund':
      return [refundOpenPass(c)];
    case 'cancel_recover':
    case 'cancel_window':
      return [cancelEveryPass(c)];
    case 'rollback':
      // A rolled-back cancel reopens the cancelled bets and settles what has a result again.
      return p.what === 'cancel'
        ? [reopenPass(c, { statuses: ['cancelled'], markets, ...c.window, cancelledBy: ['feed', 'admin', 'system'] }), settlePass(c)]
        : [reopenPass(c, { statuses: SETTLED, markets, from: null, to: null, cancelledBy: null })];
  }
}
