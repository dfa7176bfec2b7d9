import type { BetRow, GameSettings, SportsBoard } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { localDate, localDayRange } from '../../platform/local-time.ts';
import { betDetail, cancelBet, placeBet, toBetRow, type BatchChain } from '../betting/index.ts';
import { auditLimitHit } from '../responsible/index.ts';
import { withMemberLock } from '../members/index.ts';
import { getGameSettings, getSettings, levelSettings } from '../settings/index.ts';
import * as repo from './repo-bets.ts';
import {
  cancelDeadline,
  checkAfterDelay,
  checkCancel,
  checkRound,
  checkSlip,
  folderRefusal,
  isInPlayBoard,
  needsCounters,
  type PricedSlip,
  type Slip,
} from './slip-rules.ts';

/**
 * Sports bet placement and cancellation (decision 017). Placing: one unlocked read of the slip
 * (outcomes + member), the rules, for in-play boards the delay and a re-read, then ONE
 * transaction: betting.placeBet (member lock, loss limit, stake posting, bet row) and one
 * statement with the sports rows (and, only when a rule needs them, the member's open bets on
 * the same fixtures, read under the lock that placeBet took).
 */

export type PlaceInput = {
  requestId: string;
  board: SportsBoard;
  amount: bigint;
  selections: { outcome_id: number; odds: string }[];
  acceptHigherOdds: boolean;
};
export type SportsBetInfo = { board: SportsBoard; folders: number; in_play: boolean; cancellable: boolean; cancel_until: string | null };
/** How the in-play delay waits; tests pass one that moves their clock (and the feed) instead of sleeping. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const gameKey = (board: string) => `sports:${board}`;

export async function placeSportsBet(deps: Deps, userId: bigint, input: PlaceInput, sleep: Sleep = realSleep): Promise<{ bet: BetRow; sports: SportsBetInfo }> {
  const ids = input.selections.map((s) => BigInt(s.outcome_id));
  const [site, game, loaded] = await Promise.all([getSettings(deps.db), getGameSettings(deps.db, gameKey(input.board)), repo.loadSlip(deps.db, userId, ids)]);
  if (!loaded) throw notFound('Member not found.', 'member_not_found');
  const slip: Slip = {
    board: input.board,
    amount: input.amount,
    picks: input.selections.map((s) => ({ outcomeId: BigInt(s.outcome_id), odds: s.odds })),
    acceptHigherOdds: input.acceptHigherOdds,
  };
  const asked = deps.clock.now();
  let priced: PricedSlip;
  try {
    // The solution switch (spec §3 use_sports) closes the product on the server, not only in the menu.
    if (!site.use_sports) throw forbidden('Sports betting is not available.', 'sports_off');
    priced = checkSlip({ now: asked, slip, game, block: site.sports_block, rows: loaded.rows, member: loaded.member });
    if (priced.inPlay && game.inplay_delay_seconds > 0) {
      await sleep(game.inplay_delay_seconds * 1000);
      const again = await repo.reloadAfterDelay(deps.db, ids, asked);
      checkAfterDelay(priced.folders, again.rows, again.stopped);
    }
  } catch (e) {
    // A replay of a bet that was placed answers the first bet even if the rules now refuse.
    const first = e instanceof AppError ? await replayAnswer(deps, userId, input) : undefined;
    if (first) return first;
    throw e;
  }

  let bet: Awaited<ReturnType<typeof commitBet>>;
  try {
    bet = await commitBet(deps, userId, input, slip, priced, game);
  } catch (e) {
    // The first bet of this request id was accepted at other odds (accept_higher_odds): placeBet
    // calls it a different bet; the same amount and outcomes are a replay all the same.
    const first = e instanceof AppError && e.code === 'idempotency_conflict' ? await replayAnswer(deps, userId, input) : undefined;
    if (first) return first;
    throw e;
  }
  const at = deps.clock.now();
  const firstStart = new Date(Math.min(...priced.folders.map((f) => f.starts_at.getTime())));
  return {
    bet: toBetRow(bet),
    sports: info(input.board, priced.folders.length, priced.inPlay, game, { createdAt: bet.created_at, firstStart, started: priced.inPlay }, at),
  };
}

/**
 * Usually one statement, no transaction: placeBet (member lock, stake, bet row) with the sports
 * rows chained to it. When a rule needs the round counters, one transaction: placeBet, then the
 * sports rows and the member's open bets in one statement read under the member lock placeBet
 * took (a statement that waited for that lock would read from before it, so they cannot ride in
 * the locking statement).
 */
function commitBet(deps: Deps, userId: bigint, input: PlaceInput, slip: Slip, priced: PricedSlip, game: GameSettings) {
  // A refusal by the member's own limit is a protection event (decision 057), audited after the rollback.
  return commitOnce(deps, userId, input, slip, priced, game).catch(async (e) => {
    await auditLimitHit(deps.db, deps.clock, userId, e, 'sports');
    throw e;
  });
}

function commitOnce(deps: Deps, userId: bigint, input: PlaceInput, slip: Slip, priced: PricedSlip, game: GameSettings) {
  const single = priced.folders.length === 1;
  const bet = {
    userId,
    gameType: 'sports' as const,
    game: input.board,
    round: single ? String(priced.folders[0].fixture_id) : null,
    betType: single ? ('single' as const) : ('combo' as const),
    selections: priced.folders.map(storedFolder),
    odds: priced.odds,
    amount: input.amount,
    requestId: input.requestId,
  };
  if (!needsCounters(game)) {
    const rows: BatchChain<repo.BatchBetRows> = {
      name: 'sports_rows_many',
      item: { userId, requestId: input.requestId, board: input.board, inPlay: priced.inPlay, folders: priced.folders },
      build: repo.chainedBetRowsMany,
    };
    return placeBet(deps.db, deps.clock, bet, rows);
  }
  return deps.db.tx(async (sql) => {
    const b = await placeBet(sql, deps.clock, bet);
    const r = await repo.insertBetRows(sql, { betId: b.id, board: input.board, inPlay: priced.inPlay, folders: priced.folders }, userId);
    // A refusal here rolls the stake posting and the bet back with it.
    if (r.inserted && r.counters) checkRound(slip, priced.folders, priced.potential, game, r.counters);
    return b;
  });
}

/** What bets.selections keeps per folder: every column of spec §3 "Bet" (teams, market, line, pick, odds). */
function storedFolder(f: PricedSlip['folders'][number]) {
  return {
    name: `${f.home} vs ${f.away}`,
    market: f.kind,
    pick: f.code,
    odds: f.odds,
    line: f.line,
    period: f.period,
    home: f.home,
    away: f.away,
    sport: f.sport,
    league: f.league,
    starts_at: f.starts_at.toISOString(),
    fixture_id: Number(f.fixture_id),
    market_id: Number(f.market_id),
    outcome_id: Number(f.outcome_id),
    in_play: f.fixture_status === 'progress',
  };
}

function info(
  board: SportsBoard,
  folders: number,
  inPlay: boolean,
  game: GameSettings,
  f: { createdAt: Date; firstStart: Date; started: boolean },
  now: Date,
  open = true,
): SportsBetInfo {
  const until = cancelDeadline(game, f);
  const cancellable = open && game.cancel_allowed && !inPlay && !f.started && now.getTime() <= until.getTime();
  return { board, folders, in_play: inPlay, cancellable, cancel_until: cancellable ? until.toISOString() : null };
}

/** The first bet's answer when this request id already placed the same slip (amount and outcomes); 409 when it placed another. */
async function replayAnswer(deps: Deps, userId: bigint, input: PlaceInput): Promise<{ bet: BetRow; sports: SportsBetInfo } | undefined> {
  const first = await repo.betByRequest(deps.db, userId, input.requestId);
  if (!first) return undefined;
  const same = first.amount === input.amount && first.outcomes.join(',') === input.selections.map((s) => String(s.outcome_id)).join(',');
  if (!same) throw new AppError(409, 'idempotency_conflict', 'This request id was already used for a different bet.');
  const d = await sportsBetDetail(deps, userId, first.id, 'ko');
  return { bet: d.bet, sports: d.sports };
}

/** Cancels the player's open sports bet (stake refunded through betting.cancelBet), every limit decided under the member lock. */
export async function cancelSportsBet(deps: Deps, userId: bigint, betId: bigint): Promise<{ bet: BetRow }> {
  const bet = await withMemberLock(deps.db, userId, async (sql, member) => {
    const v = await repo.loadForCancel(sql, userId, betId);
    if (!v) throw notFound('The bet does not exist.', 'bet_not_found');
    if (v.status === 'cancelled' && v.cancelled_by === 'player') return null; // a replay: answer as is
    if (v.status !== 'open') throw new AppError(409, 'sports_bet_not_open', 'Cancellation failed: the bet is no longer open.');
    if (member.restrictions.bet_cancel === true)
      throw forbidden('This activity is restricted for your account.', 'activity_restricted', { activity: 'bet_cancel' });
    const [game, s] = await Promise.all([getGameSettings(sql, gameKey(v.board)), getSettings(sql)]);
    const now = deps.clock.now();
    const [dayStart] = localDayRange(localDate(now, s.timezone_offset_minutes), s.timezone_offset_minutes);
    const today = game.daily_cancel_count === null ? 0 : await repo.countPlayerCancels(sql, userId, dayStart);
    checkCancel(game, { createdAt: v.created_at, firstStart: v.first_start, started: v.started }, now, today);
    return toBetRow(await cancelBet(sql, deps.clock, betId, 'player'));
  });
  return { bet: bet ?? (await betDetail(deps, userId, betId)) };
}

/** One sports bet with its folders (names in the reader's language) and whether it may be cancelled now. */
export async function sportsBetDetail(deps: Deps, userId: bigint, betId: bigint, lang: string) {
  const bet = await betDetail(deps, userId, betId);
  const head = bet.game_type === 'sports' ? await repo.betHead(deps.db, betId) : undefined;
  if (!head) throw notFound('The bet does not exist.', 'bet_not_found');
  const board = head.board as SportsBoard;
  const game = await getGameSettings(deps.db, gameKey(board));
  const rows = await repo.folders(deps.db, betId, lang);
  return {
    bet,
    sports: info(
      board,
      head.folders,
      head.in_play,
      game,
      { createdAt: new Date(bet.created_at), firstStart: head.first_start, started: head.started },
      deps.clock.now(),
      bet.status === 'open',
    ),
    folders: rows.map((r) => ({
      idx: r.idx,
      fixture_id: Number(r.fixture_id),
      market_id: Number(r.market_id),
      outcome_id: Number(r.outcome_id),
      sport: r.sport,
      league: r.league,
      home: r.home,
      away: r.away,
      starts_at: r.starts_at.toISOString(),
      market: r.kind,
      period: r.period,
      line: r.line,
      pick: r.code,
      odds: r.odds,
      in_play: r.in_play,
      result: r.result,
      fixture_status: r.fixture_status,
      score: r.score,
    })),
  };
}

/** The slip's folders now (odds, available or why not) and the member's limits on the board. */
export async function quoteSlip(deps: Deps, userId: bigint, board: SportsBoard, outcomeIds: number[]) {
  const ids = outcomeIds.map((i) => BigInt(i));
  const [s, game, loaded] = await Promise.all([getSettings(deps.db), getGameSettings(deps.db, gameKey(board)), repo.loadSlip(deps.db, userId, ids)]);
  if (!loaded) throw notFound('Member not found.', 'member_not_found');
  const now = deps.clock.now();
  const lvl = levelSettings(game, loaded.member.level);
  const b = s.sports_block;
  return {
    outcomes: ids.map((id) => {
      const row = loaded.rows.get(id);
      const no = folderRefusal(board, row, now, game.closing_seconds);
      return { outcome_id: Number(id), odds: row?.odds ?? '0.00', available: no === null, reason: no?.code ?? null };
    }),
    limits: {
      betting_allowed: game.betting_allowed && lvl.allowed,
      min_bet: String(lvl.min_bet),
      max_bet: String(lvl.max_bet),
      max_win: String(lvl.max_win),
      single_max: String(lvl.single_max),
      highest_odds: game.highest_odds === null ? null : game.highest_odds.toFixed(2),
      closing_seconds: game.closing_seconds,
      inplay_delay_seconds: isInPlayBoard(board) ? game.inplay_delay_seconds : 0,
      duplicate_betting: game.duplicate_betting,
      cancel_allowed: game.cancel_allowed,
      max_folders: b.max_folders,
      single_banned: b.single_banned,
      two_folder_banned: b.two_folder_banned,
      same_game_banned: b.same_game_banned || board === 'europe' || board === 'inplay',
    },
  };
}
