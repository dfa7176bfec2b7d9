import { boardTakes, folderRefusalCode, IN_PLAY_BOARDS, type FolderRefusalCode, type GameSettings, type SportsBoard } from '@wager/contracts';
import { badRequest, conflict, forbidden, type AppError } from '../../platform/errors.ts';
import { levelSettings, type Settings } from '../settings/index.ts';
import { combine, payout } from '../betting/index.ts';

/**
 * Every rule of a sports bet slip, in one place (spec §5 "Betting rules", decision 017). Pure:
 * it sees a snapshot of the slip's outcomes, the board's game settings, the block settings, the
 * member and (under the member lock) the member's open bets on the same fixtures, and either
 * refuses with the rule's own code or answers the priced slip.
 */

export type SportsBlock = Settings['sports_block'];

/** One outcome as read for the slip (repo-bets `loadSnapshot`). */
export type SnapshotRow = {
  outcome_id: bigint;
  code: string;
  odds: string;
  active: boolean;
  outcome_updated_at: Date;
  market_id: bigint;
  kind: string;
  period: string;
  line: string | null;
  market_status: string;
  fixture_id: bigint;
  fixture_status: string;
  on_sale: boolean;
  bet_stop: boolean;
  starts_at: Date;
  version: bigint;
  sport: string;
  league: string;
  league_stopped: string[];
  home: string;
  away: string;
};

export type SlipPick = { outcomeId: bigint; odds: string };
export type Slip = { board: SportsBoard; amount: bigint; picks: SlipPick[]; acceptHigherOdds: boolean };
export type SlipMember = { level: number; restrictions: Record<string, boolean> };
/** The member's OPEN sports bets on the slip's fixtures (other than this one), read under the member lock. */
export type RoundCounters = { stake: Map<bigint, bigint>; win: Map<bigint, bigint>; outcomes: Set<bigint> };

export type RuleInput = {
  now: Date;
  slip: Slip;
  game: GameSettings;
  block: SportsBlock;
  rows: Map<bigint, SnapshotRow>;
  member: SlipMember;
  /** Omitted before the lock (round totals and duplicates are decided under it). */
  counters?: RoundCounters;
};

export type PricedFolder = SnapshotRow & { idx: number };
export type PricedSlip = { folders: PricedFolder[]; odds: string; potential: bigint; inPlay: boolean };

const SPECIALS = new Set(['first_3pt', 'first_free_throw']);
const RESULT_KINDS = new Set(['1x2', 'moneyline', 'handicap']);
const EUROPEAN: readonly SportsBoard[] = ['europe', 'inplay'];

const hundredths = (odds: string | number) => BigInt(Math.round(Number(odds) * 100));
const won = (n: bigint | number) => String(n);

export { boardTakes };
export const isInPlayBoard = (board: SportsBoard) => IN_PLAY_BOARDS.includes(board);

const REFUSALS: Record<FolderRefusalCode, string> = {
  sports_board_mismatch: 'Betting failed: this market is not on this board.',
  sports_betting_closed: 'Betting is closed.',
  sports_not_on_sale: 'Betting failed: this match is not on sale.',
  sports_league_stopped: 'Betting failed: betting on this league is stopped.',
  sports_market_closed: 'Betting failed: this market is closed or suspended.',
  sports_outcome_inactive: 'Betting failed: this selection is not available now.',
  sports_bet_stop: 'Betting failed: betting is paused during play.',
};

/**
 * Why one folder cannot be bet now (null: it can); the odds are not compared here. The rule
 * itself is the contracts' `folderRefusalCode`, the one the member site's odds buttons use.
 */
export function folderRefusal(board: SportsBoard, row: SnapshotRow | undefined, now: Date, closingSeconds: number): AppError | null {
  if (!row) return conflict('Betting failed: the selection does not exist.', 'sports_outcome_unknown');
  const code = folderRefusalCode(board, { ...row, starts_at: row.starts_at.getTime() }, now.getTime(), closingSeconds);
  if (code === 'sports_board_mismatch' && boardTakes(board, row.kind, row.period))
    return conflict('Betting failed: this match is not in play.', 'sports_board_mismatch');
  if (code === 'sports_not_on_sale' && row.fixture_status === 'release') return conflict('Betting failed: this match is no longer on sale.', code);
  return code ? conflict(REFUSALS[code], code) : null;
}

/**
 * Validates a slip and prices it at the current odds. Throws the first rule that refuses it;
 * the order is the order a player fixes things in (the game, each folder, the price, the shape,
 * the member, the amount, then what the member already bet).
 */
export function checkSlip(x: RuleInput): PricedSlip {
  const { slip, game, block, member } = x;
  if (!game.betting_allowed) throw conflict('Betting failed: this game is not open for betting.', 'sports_betting_off');
  const lvl = levelSettings(game, member.level);
  if (!lvl.allowed) throw conflict('Betting failed: your level may not bet on this game.', 'sports_level_not_allowed');

  const seen = new Set<bigint>();
  for (const p of slip.picks) {
    if (seen.has(p.outcomeId)) throw badRequest('Betting failed: the same selection is in the slip twice.', 'selections', 'sports_selection_repeated');
    seen.add(p.outcomeId);
  }
  const folders = slip.picks.map((p, idx) => {
    const row = x.rows.get(p.outcomeId);
    const no = folderRefusal(slip.board, row, x.now, game.closing_seconds);
    if (no) throw no;
    return { ...row!, idx };
  });

  checkPrices(slip, folders);
  checkShape(slip.board, folders, block);
  checkRestrictions(folders, member);

  const odds = folders.length === 1 ? folders[0].odds : combine(folders.map((f) => f.odds));
  if (game.highest_odds !== null && hundredths(odds) > hundredths(game.highest_odds))
    throw conflict(`The highest odds allowed are ${game.highest_odds}.`, 'sports_odds_too_high', { odds: game.highest_odds.toFixed(2) });
  const potential = payout(slip.amount, odds);
  if (slip.amount < BigInt(lvl.min_bet)) throw badRequest(`The minimum bet is ${lvl.min_bet}.`, 'amount', 'sports_bet_min', { amount: won(lvl.min_bet) });
  if (slip.amount > BigInt(lvl.max_bet)) throw badRequest(`The maximum bet is ${lvl.max_bet}.`, 'amount', 'sports_bet_max', { amount: won(lvl.max_bet) });
  if (folders.length === 1 && slip.amount > BigInt(lvl.single_max))
    throw badRequest(`The maximum single-folder bet is ${lvl.single_max}.`, 'amount', 'sports_single_max', { amount: won(lvl.single_max) });
  if (potential > BigInt(lvl.max_win)) throw badRequest(`The maximum winnings are ${lvl.max_win}.`, 'amount', 'sports_win_max', { amount: won(lvl.max_win) });

  if (x.counters) checkRound(slip, folders, potential, game, x.counters);
  return { folders, odds, potential, inPlay: isInPlayBoard(slip.board) };
}

/** Odds the player saw vs now: any change refuses (409 odds_changed) unless all moved up and the player accepts higher odds. */
function checkPrices(slip: Slip, folders: PricedFolder[]) {
  const changed = folders.filter((f) => hundredths(f.odds) !== hundredths(slip.picks[f.idx].odds));
  if (changed.length === 0) return;
  const allUp = changed.every((f) => hundredths(f.odds) > hundredths(slip.picks[f.idx].odds));
  if (slip.acceptHigherOdds && allUp) return;
  throw conflict('The odds have changed. Please check the new odds and bet again.', 'odds_changed', {
    count: changed.length,
    changes: changed.map((f) => `${f.outcome_id}:${f.odds}`).join(','),
  });
}

function checkShape(board: SportsBoard, folders: PricedFolder[], block: SportsBlock) {
  const n = folders.length;
  if (n === 1 && block.single_banned) throw conflict('Single-folder bets are not allowed.', 'sports_single_banned');
  if (n === 2 && block.two_folder_banned) throw conflict('Two-folder bets are not allowed.', 'sports_two_folder_banned');
  if (n > block.max_folders) throw conflict(`At most ${block.max_folders} folders can be combined.`, 'sports_folders_max', { count: block.max_folders });
  if (n >= 3 && block.multi_folder_banned) throw conflict('Bets of three or more folders are not allowed.', 'sports_multi_folder_banned');
  if (n === 1) return;

  const markets = new Set<bigint>();
  for (const f of folders) {
    if (markets.has(f.market_id) && block.hedge_banned) throw conflict('Betting both sides of one market is not allowed.', 'sports_hedge_banned');
    markets.add(f.market_id);
  }
  const byFixture = new Map<bigint, PricedFolder[]>();
  for (const f of folders) byFixture.set(f.fixture_id, [...(byFixture.get(f.fixture_id) ?? []), f]);
  for (const same of byFixture.values()) {
    if (same.length < 2) continue;
    if (block.special_combo_banned && same.some((f) => SPECIALS.has(f.kind)))
      throw conflict('First 3-pointer and first free throw cannot be combined with the same match.', 'sports_special_combo_banned');
    if (EUROPEAN.includes(board) || block.same_game_banned) throw conflict('Selections from the same match cannot be combined.', 'sports_same_game_banned');
    // Domestic same-game combination: one result market (1x2 / moneyline / handicap) with one
    // over/under of the same period; anything else in one game is a related combination.
    const results = same.filter((f) => RESULT_KINDS.has(f.kind));
    const totals = same.filter((f) => f.kind === 'over_under');
    const related = same.length !== 2 || results.length !== 1 || totals.length !== 1 || results[0].period !== totals[0].period;
    if (related) throw conflict('Related selections cannot be combined.', 'sports_related_banned');
  }
  if (block.combo_odds_threshold !== null) {
    const threshold = hundredths(block.combo_odds_threshold);
    const counted = folders.filter((f) => hundredths(f.odds) >= threshold).length;
    if (counted < block.combo_min_count)
      throw conflict(
        `A combination needs at least ${block.combo_min_count} folders at odds ${block.combo_odds_threshold} or higher.`,
        'sports_combo_threshold',
        {
          count: block.combo_min_count,
          odds: block.combo_odds_threshold.toFixed(2),
        },
      );
  }
}

/** Member activity restrictions (spec §5 "Other"). */
function checkRestrictions(folders: PricedFolder[], m: SlipMember) {
  const r = (k: string) => m.restrictions[k] === true;
  const no = (activity: string) => forbidden('This activity is restricted for your account.', 'activity_restricted', { activity });
  if (folders.length === 1 && r('sports_single')) throw no('sports_single');
  if (folders.length === 2 && r('sports_two_folder')) throw no('sports_two_folder');
  if (r('sports_over_under') && folders.some((f) => f.kind === 'over_under')) throw no('sports_over_under');
  if (r('sports_handicap') && folders.some((f) => f.kind === 'handicap')) throw no('sports_handicap');
}

/**
 * Under the member lock: duplicate betting (an outcome already in an open bet of the member) and
 * the round totals. A round is a fixture: every fixture of the slip carries the whole stake and
 * the whole potential win of a combination (the house's exposure on that match).
 */
export function checkRound(slip: Slip, folders: PricedFolder[], potential: bigint, game: GameSettings, c: RoundCounters) {
  if (!game.duplicate_betting && folders.some((f) => c.outcomes.has(f.outcome_id)))
    throw conflict('The slip holds a selection you already bet on; duplicate bets are not allowed.', 'sports_duplicate_bet');
  const fixtures = new Set(folders.map((f) => f.fixture_id));
  for (const id of fixtures) {
    if (game.round_max_bet !== null && (c.stake.get(id) ?? 0n) + slip.amount > BigInt(game.round_max_bet))
      throw conflict(`Your total bets on one match may not pass ${game.round_max_bet}.`, 'sports_round_bet_max', { amount: won(game.round_max_bet) });
    if (game.round_max_win !== null && (c.win.get(id) ?? 0n) + potential > BigInt(game.round_max_win))
      throw conflict(`Your total winnings on one match may not pass ${game.round_max_win}.`, 'sports_round_win_max', { amount: won(game.round_max_win) });
  }
}

/** Whether the member's open bets need reading under the lock at all (a poll that decides nothing runs no query). */
export const needsCounters = (game: GameSettings) => !game.duplicate_betting || game.round_max_bet !== null || game.round_max_win !== null;

/**
 * In-play: after the delay, the bet stands only if every folder is still offered at the same
 * price and no bet stop came in meanwhile (`stopped`: fixtures with a bet stop received since).
 */
export function checkAfterDelay(before: PricedFolder[], after: Map<bigint, SnapshotRow>, stopped: Set<bigint>) {
  for (const f of before) {
    const now = after.get(f.outcome_id);
    const moved =
      !now ||
      now.odds !== f.odds ||
      now.outcome_updated_at.getTime() !== f.outcome_updated_at.getTime() ||
      now.bet_stop ||
      !now.active ||
      now.market_status !== 'open' ||
      now.fixture_status !== 'progress' ||
      !now.on_sale ||
      stopped.has(f.fixture_id);
    if (moved) throw conflict('Betting failed: the odds changed or betting paused while the bet was waiting.', 'sports_inplay_changed');
  }
}

export type CancelFacts = { createdAt: Date; firstStart: Date; started: boolean };

/** The latest moment a player may cancel (the earlier of the start-based and the placing-based limit). */
export function cancelDeadline(game: GameSettings, f: CancelFacts): Date {
  const byStart = f.firstStart.getTime() - game.cancel_seconds * 1000;
  const byPlacing = game.cancel_minutes === null ? Infinity : f.createdAt.getTime() + game.cancel_minutes * 60_000;
  return new Date(Math.min(byStart, byPlacing));
}

/**
 * Cancellation by the player (spec §4, §5): allowed per game, never once a match of the bet has
 * started, until `cancel_seconds` before the first start, within `cancel_minutes` of placing, at
 * most `daily_cancel_count` a local day (`cancelsToday` counted under the member lock).
 */
export function checkCancel(game: GameSettings, f: CancelFacts, now: Date, cancelsToday: number) {
  if (!game.cancel_allowed) throw conflict('Cancellation failed: bets on this game cannot be cancelled.', 'sports_cancel_off');
  if (f.started || now.getTime() >= f.firstStart.getTime())
    throw conflict('Cancellation failed: a match in this bet has already started.', 'sports_cancel_started');
  if (now.getTime() > f.firstStart.getTime() - game.cancel_seconds * 1000)
    throw conflict('Cancellation failed: too close to the start.', 'sports_cancel_closed', { minutes: Math.ceil(game.cancel_seconds / 60) });
  if (game.cancel_minutes !== null && now.getTime() > f.createdAt.getTime() + game.cancel_minutes * 60_000)
    throw conflict('Cancellation failed: the cancel time limit has passed.', 'sports_cancel_expired', { minutes: game.cancel_minutes });
  if (game.daily_cancel_count !== null && cancelsToday >= game.daily_cancel_count)
    throw conflict('Cancellation failed: no cancellations left today.', 'sports_cancel_daily_limit', { count: game.daily_cancel_count });
}
