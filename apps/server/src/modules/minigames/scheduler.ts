import type { Deps } from '../../platform/deps.ts';
import { afterCommit } from '../../platform/db.ts';
import { countDraw } from '../../platform/metrics.ts';
import { asUrgent } from '../../platform/urgent.ts';
import { settleBets, type Settlement } from '../betting/index.ts';
import { getGameSettings } from '../settings/index.ts';
import { committedChain, publishAhead, seedOf } from './chains.ts';
import { drawResult, outcomeOf } from './draw.ts';
import type { EntropySource } from './entropy.ts';
import { GAMES, settingsKey } from './games/catalogue.ts';
import type { GameDef } from './games/types.ts';
import * as repo from './repo.ts';
import { currentNumber, slotOf } from './schedule.ts';

/** Bets settled per transaction (each batch commits its bet rows and ledger posting together). */
export const SETTLE_BATCH = 2000;
/** A downtime longer than this many rounds is not made up: the older slots stay a gap in the history. */
const MAX_CATCH_UP = 1500;

export type SchedulerOptions = { entropy: EntropySource; games?: GameDef[]; batch?: number };

/**
 * One pass of the round scheduler for every game: make the rounds whose betting period has
 * begun (and any missed while the server was down), close the ones past their closing time
 * (fixing the entropy), draw the ones past their draw time and settle their bets. Everything is
 * decided from the database and the clock, so a pass can stop anywhere and the next one (in this
 * or another process) continues: numbers are unique per game, each step is a conditional update,
 * and settlement skips bets that are no longer open.
 * Returns when it next has something to do (epoch ms), so the job can skip idle ticks.
 */
export async function runScheduler(deps: Deps, opts: SchedulerOptions): Promise<number> {
  let next = Infinity;
  for (const g of opts.games ?? GAMES.values()) next = Math.min(next, await runGame(deps, g, opts));
  return next;
}

async function runGame(deps: Deps, g: GameDef, opts: SchedulerOptions): Promise<number> {
  const settings = await getGameSettings(deps.db, settingsKey(g.key));
  const now = deps.clock.now();
  await makeRounds(deps, g, settings.closing_seconds, now);
  for (;;) {
    const rounds = await repo.pending(deps.db, g.key, 100);
    let progressed = false;
    for (const r of rounds) {
      const at = deps.clock.now();
      if (r.status === 'open') {
        if (r.closes_at > at) return Math.min(r.closes_at.getTime(), r.draws_at.getTime());
        await closeRound(deps, r, opts.entropy);
      }
      if (r.status === 'open' || r.status === 'closed') {
        if (r.draws_at > at) return r.draws_at.getTime();
        await drawRound(deps, g, r);
      }
      // Winners wait on this: the commission drain lets it have the cores (platform/urgent.ts).
      await asUrgent(() => settleRound(deps, g, r, opts.batch ?? SETTLE_BATCH));
      progressed = true;
    }
    if (!progressed || rounds.length < 100) break;
  }
  // Nothing pending: the next thing to do is opening the next round.
  return slotOf(currentNumber(deps.clock.now(), g.intervalSeconds), g.intervalSeconds, 0).drawsAt.getTime();
}

/**
 * Makes every round from the last one made up to the one taking bets now, each under a commitment
 * published before it opened (decision 049): the chains of the current and the next round are
 * published first, and a past round without such a chain (first start, a downtime longer than the
 * chain) is left out. The round taking bets now opens late instead, just after its commitment.
 */
async function makeRounds(deps: Deps, g: GameDef, closingSeconds: number, now: Date) {
  const current = currentNumber(now, g.intervalSeconds);
  const last = await repo.lastNumber(deps.db, g.key);
  if (last !== null && last >= current) return;
  // The current round's chain is published now only when that round can still open late with
  // betting time left; else the first chain starts at the next round, so no chain ever starts at
  // a round that is never made (its first round's link would have no predecessor to check).
  const lateOk = now.getTime() + LATE_OPEN_MIN_MS < slotOf(current, g.intervalSeconds, closingSeconds).closesAt.getTime();
  await deps.db.tx(async (sql) => {
    if (lateOk) await publishAhead(sql, deps, g, current);
    await publishAhead(sql, deps, g, current + 1);
  });
  const from = last === null ? current : Math.max(last + 1, current - MAX_CATCH_UP);
  let madeCurrent = false;
  for (let n = from; n <= current; n++) madeCurrent = await makeRound(deps, g, closingSeconds, n);
  // The round taking bets now had no commitment when its slot began (first start, a long
  // downtime): it opens just after its chain's publication instead, while betting time is left;
  // else the next round is made ahead and takes bets from its opening.
  if (!madeCurrent) madeCurrent = await makeRound(deps, g, closingSeconds, current, { late: true });
  if (!madeCurrent) await makeRound(deps, g, closingSeconds, current + 1);
}

/** The least betting time a late-opened round keeps. */
const LATE_OPEN_MIN_MS = 5_000;

async function makeRound(deps: Deps, g: GameDef, closingSeconds: number, n: number, opts: { late?: boolean } = {}) {
  const slot = slotOf(n, g.intervalSeconds, closingSeconds);
  return deps.db.tx(async (sql) => {
    let opensAt = slot.opensAt;
    let chain = await committedChain(sql, g, n, opensAt);
    if (!chain && opts.late) {
      const covering = await repo.chainCovering(sql, g.key, n);
      // Opens a millisecond after the commitment: still published before the round opened.
      const late = covering ? new Date(covering.published_at.getTime() + 1) : null;
      if (late && late.getTime() + LATE_OPEN_MIN_MS <= slot.closesAt.getTime()) {
        opensAt = late > opensAt ? late : opensAt;
        chain = await committedChain(sql, g, n, opensAt);
      }
    }
    if (!chain) return false;
    await repo.insertRound(sql, {
      game: g.key,
      number: n,
      opensAt,
      closesAt: slot.closesAt,
      drawsAt: slot.drawsAt,
      chainId: chain.id,
      chainIndex: n - Number(chain.first_number) + 1,
    });
    return true;
  });
}

/** Closes betting: the round lock waits for bets in flight, then the entropy is fixed. */
async function closeRound(deps: Deps, r: repo.RoundRow, entropy: EntropySource) {
  await deps.db.tx(async (sql) => {
    const locked = await repo.lockRound(sql, r.id);
    if (locked?.status !== 'open') return;
    const value = await entropy.fix(sql, { game: r.game, number: Number(r.number), closesAt: r.closes_at, chainId: r.chain_id });
    await repo.closeRound(sql, r.id, entropy.name, value, deps.clock.now());
  });
}

/** Reveals the round's seed and stores the result (recomputed identically by anyone). */
async function drawRound(deps: Deps, g: GameDef, r: repo.RoundRow) {
  await deps.db.tx(async (sql) => {
    const locked = await repo.lockRound(sql, r.id);
    if (locked?.status !== 'closed' || locked.entropy === null) return;
    const chain = await repo.getChain(sql, locked.chain_id);
    const seed = seedOf(chain, locked.chain_index);
    await repo.drawRound(sql, r.id, seed, drawResult(g, seed, Number(locked.number), locked.entropy), deps.clock.now());
    afterCommit(sql, () => countDraw(g.key));
  });
}

/**
 * Settles the round's open bets in batches, one transaction each (bet rows and ledger posting
 * commit together; settleBets skips a bet another pass settled meanwhile). The open bets are read
 * once; the last transaction marks the round settled when none is left open.
 */
async function settleRound(deps: Deps, g: GameDef, r: repo.RoundRow, batch: number) {
  const round = String(r.number);
  const current = await repo.getRound(deps.db, r.id);
  const result = current?.result;
  if (current?.status !== 'drawn' || !result) return;
  const open = await repo.openBets(deps.db, g.key, round);
  for (let i = 0; i < open.length; i += batch) {
    const bets = open.slice(i, i + batch);
    const items: Settlement[] = bets.map((b) => ({ betId: b.id, outcome: outcomeOf(result, b.market ?? '', b.pick) }));
    await deps.db.tx((sql) => settleBets(sql, deps.clock, `minigame:${g.key}:${round}:${bets[0].id}`, items));
  }
  await deps.db.tx(async (sql) => {
    const locked = await repo.lockRound(sql, r.id);
    if (locked?.status !== 'drawn') return;
    // Bets cannot arrive after closing (they hold the round FOR SHARE), so none open means done.
    if (await repo.hasOpenBets(sql, g.key, round)) throw new Error(`${g.key} round ${round}: bets still open after settlement`);
    await repo.markSettled(sql, r.id, deps.clock.now());
  });
}
