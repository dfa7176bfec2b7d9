import type { BetRow } from '@wager/contracts';
import { BET_STATUSES, GAME_TYPES } from '@wager/contracts/constants';
import { formatDate } from '../../lib/date.ts';

export type GameType = (typeof GAME_TYPES)[number];
export type BetStatus = (typeof BET_STATUSES)[number];

/** Spec §9 / contracts: the history call answers 10 bets per page. */
export const BET_PAGE_SIZE = 10;

/**
 * One betting-history view. Null dates mean "today as the server counts it": they are not
 * sent, so the operator's calendar day decides (spec §9: history filters default to today).
 */
export type BetFilters = {
  gameType: GameType | null;
  status: BetStatus | null;
  from: string | null;
  to: string | null;
  /** 1-based. */
  page: number;
};

export const DEFAULT_FILTERS: BetFilters = { gameType: null, status: null, from: null, to: null, page: 1 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function isGameType(v: unknown): v is GameType {
  return typeof v === 'string' && (GAME_TYPES as readonly string[]).includes(v);
}
export function isBetStatus(v: unknown): v is BetStatus {
  return typeof v === 'string' && (BET_STATUSES as readonly string[]).includes(v);
}
function isDay(v: unknown): v is string {
  return typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
}

/** "YYYY-MM-DD" of an instant in the operating calendar (the days the server filters by). */
export function dayOf(at: Date): string {
  return formatDate(at);
}

/** Today from the server clock the context carries (a wrong device clock must not pick another day). */
export function todayFrom(serverTime: string | undefined, now: number = Date.now()): string {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return dayOf(new Date(Number.isNaN(server) ? now : server));
}

/** Calendar arithmetic on "YYYY-MM-DD" (no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The body of POST /api/user/bet/history for a view; dates left at today are not sent. */
export function historyBody(f: BetFilters, today: string) {
  const body: { skip: number; game_type?: GameType; status?: BetStatus; startedAt?: string; endedAt?: string } = {
    skip: (Math.max(1, f.page) - 1) * BET_PAGE_SIZE,
  };
  if (f.gameType) body.game_type = f.gameType;
  if (f.status) body.status = f.status;
  if (f.from !== null || f.to !== null) {
    const a = f.from ?? today;
    const b = f.to ?? today;
    [body.startedAt, body.endedAt] = a <= b ? [a, b] : [b, a];
  }
  return body;
}

/** Quick ranges: today, the last 7 days, the last 30 days (both ends included). */
export type QuickRange = 'today' | 'week' | 'month';
export function quickRange(range: QuickRange, today: string): Pick<BetFilters, 'from' | 'to'> {
  if (range === 'today') return { from: null, to: null };
  return { from: addDays(today, range === 'week' ? -6 : -29), to: null };
}
export function activeQuickRange(f: BetFilters, today: string): QuickRange | null {
  for (const r of ['today', 'week', 'month'] as const) {
    const q = quickRange(r, today);
    if ((f.from ?? today) === (q.from ?? today) && (f.to ?? today) === today) return r;
  }
  return null;
}

/** The page's view lives in the query string (?type=sports&status=won&from=…&to=…&page=2). */
export function filtersFromSearch(params: URLSearchParams): BetFilters {
  const page = Number(params.get('page'));
  const type = params.get('type');
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  return {
    gameType: isGameType(type) ? type : null,
    status: isBetStatus(status) ? status : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}
export function filtersToSearch(f: BetFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.gameType) p.set('type', f.gameType);
  if (f.status) p.set('status', f.status);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** Badge colour: won green, lost red, open amber, the refunded ones grey. */
export type Tone = 'won' | 'lost' | 'open' | 'muted';
export function toneOf(status: string): Tone {
  if (status === 'won') return 'won';
  if (status === 'lost') return 'lost';
  if (status === 'open') return 'open';
  return 'muted';
}

/** Some feeds write a selection's result in other words; map them onto the bet statuses. */
const RESULT_ALIASES: Record<string, BetStatus> = {
  win: 'won',
  won: 'won',
  hit: 'won',
  lose: 'lost',
  lost: 'lost',
  loss: 'lost',
  miss: 'lost',
  pending: 'open',
  open: 'open',
  draw: 'draw',
  push: 'draw',
  void: 'void',
  refund: 'void',
  cancel: 'cancelled',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

/**
 * A selection's result as a status, or the feed's own word when it is not one we know.
 * A single bet without a per-selection result takes the bet's own result.
 */
export function selectionResult(bet: Pick<BetRow, 'bet_type' | 'status'>, result: string | undefined): BetStatus | string | null {
  if (result) return RESULT_ALIASES[result.trim().toLowerCase()] ?? result;
  if (bet.bet_type === 'single' || bet.status === 'open') return bet.status;
  return null;
}

/** Winnings are not known while a bet is open. */
export function hasWinnings(bet: Pick<BetRow, 'status'>): boolean {
  return bet.status !== 'open';
}

/**
 * Spec §3 "Bet": valid bet amount and difference, from the row. Only a decided bet (won, lost or
 * partly won) counts as turnover; a refund (a tie or push paid back whole, void, cancelled) is not
 * a bet that was played. Difference = winnings − stake (negative when lost). Null while open.
 */
export function validAmount(bet: Pick<BetRow, 'result' | 'amount'>): bigint | null {
  if (bet.result === 'open') return null;
  return bet.result === 'won' || bet.result === 'lost' || bet.result === 'partial' ? BigInt(bet.amount) : 0n;
}
export function difference(bet: Pick<BetRow, 'status' | 'amount' | 'win_amount'>): bigint | null {
  if (bet.status === 'open') return null;
  return BigInt(bet.win_amount) - BigInt(bet.amount);
}
