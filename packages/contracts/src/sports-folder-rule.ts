import type { SportsBoard } from './calls-sports.ts';
import { IN_PLAY_BOARDS } from './calls-sports-bets.ts';

/**
 * Whether one folder of a sports slip can be bet now, shared by the server's slip rules
 * (`sports/slip-rules.ts`, which turns the code into its refusal) and the member site's odds
 * buttons (a button is disabled exactly when the slip would refuse it; decision 052). Pure.
 * The odds are not compared here.
 */

const CROSS_KINDS = new Set(['1x2', 'moneyline', 'handicap', 'over_under']);
export const SPECIAL_MARKET_KINDS: ReadonlySet<string> = new Set(['first_score', 'first_3pt', 'first_free_throw', 'odd_even', 'correct_score_band']);

/** Whether a board lists this market (decision 016: which markets each board shows). */
export function boardTakes(board: SportsBoard, kind: string, period: string): boolean {
  if (board === 'cross' || board === 'live') return period === 'ft' && CROSS_KINDS.has(kind);
  if (board === 'special') return SPECIAL_MARKET_KINDS.has(kind);
  if (board === 'special2') return period !== 'ft' && !SPECIAL_MARKET_KINDS.has(kind);
  return true;
}

export type FolderFacts = {
  kind: string;
  period: string;
  fixture_status: string;
  /** Milliseconds since the epoch. */
  starts_at: number;
  on_sale: boolean;
  league_stopped: readonly string[];
  market_status: string;
  active: boolean;
  bet_stop: boolean;
};

export type FolderRefusalCode =
  | 'sports_board_mismatch'
  | 'sports_betting_closed'
  | 'sports_not_on_sale'
  | 'sports_league_stopped'
  | 'sports_market_closed'
  | 'sports_outcome_inactive'
  | 'sports_bet_stop';

/** Why this folder cannot be bet at `now` on `board` (null: it can), in the order the slip checks. */
export function folderRefusalCode(board: SportsBoard, f: FolderFacts, now: number, closingSeconds: number): FolderRefusalCode | null {
  const live = IN_PLAY_BOARDS.includes(board);
  if (!boardTakes(board, f.kind, f.period)) return 'sports_board_mismatch';
  if (f.fixture_status === 'result' || f.fixture_status === 'cancelled') return 'sports_betting_closed';
  if (live && f.fixture_status !== 'progress') return 'sports_board_mismatch';
  if (!live) {
    if (f.fixture_status === 'progress') return 'sports_betting_closed';
    // 'waiting': not released for sale yet (not priced, or held by an admin on manual management).
    if (f.fixture_status !== 'release') return 'sports_not_on_sale';
    if (now > f.starts_at - closingSeconds * 1000) return 'sports_betting_closed';
  }
  if (!f.on_sale) return 'sports_not_on_sale';
  if (f.league_stopped.includes(board) || f.league_stopped.includes('all')) return 'sports_league_stopped';
  if (f.market_status !== 'open') return 'sports_market_closed';
  if (!f.active) return 'sports_outcome_inactive';
  if (f.bet_stop) return 'sports_bet_stop';
  return null;
}
