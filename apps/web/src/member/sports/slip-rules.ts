/** The bet slip's rules (spec §1 "betting cart with folders"), pure so they are tested alone. */

/** The boards a slip may be placed on (sports_bets.board; game-settings keys `sports:<board>`). */
export const BOARDS = ['europe', 'inplay', 'cross', 'special', 'special2', 'live'] as const;
export type Board = (typeof BOARDS)[number];

export type SlipPick = {
  outcomeId: number;
  marketId: number;
  fixtureId: number;
  /** Odds as offered when the pick was made, or as last pushed by the feed. */
  odds: string;
  /** Odds before the last change the player has not yet accepted (shown struck through). */
  previousOdds?: string;
  home: string;
  away: string;
  league: string;
  /** Market name as shown ("승무패", "핸디캡 -1.5"). */
  market: string;
  /** The pick as shown ("홈", "오버 2.5"). */
  pick: string;
  inPlay: boolean;
  /** The feed stopped betting on this market or fixture. */
  locked?: boolean;
};

export type SlipState = { board: Board | null; picks: SlipPick[]; stake: string };

export const EMPTY_SLIP: SlipState = { board: null, picks: [], stake: '0' };

/** Most folders a slip may hold; the server applies the real per-board rules. */
export const MAX_FOLDERS = 20;

/**
 * Clicking an odd: the same outcome again removes it; another outcome of the same market
 * replaces it (one selection per market); a pick from another board starts a new slip, since
 * one bet is placed on one board.
 */
export function togglePick(state: SlipState, board: Board, pick: SlipPick): SlipState {
  if (state.board !== null && state.board !== board) return { ...state, board, picks: [pick] };
  if (state.picks.some((p) => p.outcomeId === pick.outcomeId)) {
    const picks = state.picks.filter((p) => p.outcomeId !== pick.outcomeId);
    return { ...state, board: picks.length ? board : null, picks };
  }
  const others = state.picks.filter((p) => p.marketId !== pick.marketId);
  if (others.length >= MAX_FOLDERS) return state;
  return { ...state, board, picks: [...others, pick] };
}

export function removePick(state: SlipState, outcomeId: number): SlipState {
  const picks = state.picks.filter((p) => p.outcomeId !== outcomeId);
  return { ...state, board: picks.length ? state.board : null, picks };
}

/** Fresh odds (a feed push or a 409 odds_changed answer): changed picks keep what they were. */
export function applyOdds(state: SlipState, fresh: ReadonlyMap<number, { odds: string; locked?: boolean }>): SlipState {
  let changed = false;
  const picks = state.picks.map((p) => {
    const f = fresh.get(p.outcomeId);
    if (!f) return p;
    const locked = f.locked ?? p.locked;
    if (f.odds === p.odds && locked === p.locked) return p;
    changed = true;
    return f.odds === p.odds ? { ...p, locked } : { ...p, odds: f.odds, previousOdds: p.previousOdds ?? p.odds, locked };
  });
  return changed ? { ...state, picks } : state;
}

/** The player accepted the changed odds. */
export function acceptOdds(state: SlipState): SlipState {
  if (!state.picks.some((p) => p.previousOdds !== undefined)) return state;
  return { ...state, picks: state.picks.map(({ previousOdds: _, ...p }) => p) };
}

export function hasChangedOdds(state: SlipState): boolean {
  return state.picks.some((p) => p.previousOdds !== undefined);
}

/** Fixtures that appear in more than one folder (the server decides whether that is allowed). */
export function sameFixtureIds(picks: readonly SlipPick[]): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const p of picks) (seen.has(p.fixtureId) ? twice : seen).add(p.fixtureId);
  return twice;
}

/** A fixture's bet stop (or its end) locks its folders; a bet start unlocks them. */
export function lockFixture(state: SlipState, fixtureId: number, locked: boolean): SlipState {
  if (!state.picks.some((p) => p.fixtureId === fixtureId && Boolean(p.locked) !== locked)) return state;
  return { ...state, picks: state.picks.map((p) => (p.fixtureId === fixtureId ? { ...p, locked } : p)) };
}

/** The new prices a 409 odds_changed carries (`params.changes`: "<outcome id>:<odds>,…"). */
export function parseOddsChanges(changes: unknown): Map<number, { odds: string }> {
  const out = new Map<number, { odds: string }>();
  if (typeof changes !== 'string') return out;
  for (const part of changes.split(',')) {
    const m = /^\s*(\d+):(\d+(?:\.\d{1,2})?)\s*$/.exec(part);
    if (m) out.set(Number(m[1]), { odds: m[2] });
  }
  return out;
}
