/**
 * Feed adapter interface, modelled on professional sports-data feeds (message types like
 * odds change, bet stop/start, bet settlement, bet cancel and their rollbacks). A feed is
 * anything that, asked for a time window, returns the messages due in it; `ingest.ts`
 * applies them. Odds and lines travel as integer hundredths (1.95 → 195, −0.25 → −25) so no
 * float ever touches a price.
 */
import type { SportCode } from '@wager/contracts';

export type Names = { ko: string; ja: string; vi: string; th: string; en: string };
/** Two odds providers (spec "dividend provider choice"); results and scores come from primary. */
export type Provider = 'primary' | 'secondary';

export type FeedOutcome = {
  /** home, draw, away, over, under, odd, even, none, or a band code. */
  code: string;
  /** Decimal odds in hundredths; null = outcome not offered right now. */
  odds: number | null;
};
export type FeedMarket = {
  /** Unique within the fixture, stable across messages: `${kind}:${period}:${line}`. */
  ref: string;
  kind: string;
  period: string;
  /** Line in hundredths (handicap of the home side, or total); null for line-less markets. */
  line: number | null;
  status: 'open' | 'suspended';
  outcomes: FeedOutcome[];
};

export type FeedScore = {
  home: number;
  away: number;
  period: string | null;
  minute: number | null;
  periods: { period: string; home: number; away: number }[];
  events: { kind: string; side: 'home' | 'away' | null; minute: number | null }[];
};

/** Final result of a fixture: scores per period and the specials' answers. */
export type FeedResult = {
  home: number;
  away: number;
  /** Keyed by period code (1h, q1, set1, i1 …); series sports: the set's points or games. */
  periods: Record<string, { home: number; away: number }>;
  /** Winning code per special market kind, e.g. { first_score: 'none', first_3pt: 'away' }. */
  specials: Record<string, string>;
};

export type OutcomeResult = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';

type Base = { provider: Provider; fixtureRef: string; at: string /* ISO time the feed produced it */ };

export type FixtureMessage = Base & {
  kind: 'fixture';
  sport: SportCode;
  league: { ref: string; names: Names; country: string | null; sort: number };
  /** Teams: the feed's name (English) and names per language where the feed has them. */
  home: { ref: string; name: string; names: Partial<Names> };
  away: { ref: string; name: string; names: Partial<Names> };
  startsAt: string;
};
/** New prices for some or all markets of one fixture from one provider. */
export type OddsChangeMessage = Base & { kind: 'odds_change'; markets: FeedMarket[] };
/** Dangerous moment: stop taking bets on the fixture (all markets). */
export type BetStopMessage = Base & { kind: 'bet_stop'; reason: string };
export type BetStartMessage = Base & { kind: 'bet_start' };
/** Live score and state; `status: 'result'` when the match is over. */
export type ScoreMessage = Base & { kind: 'score'; status: 'progress' | 'result'; score: FeedScore };
/** Results of markets (all markets of the fixture when the match is over). */
export type BetSettlementMessage = Base & {
  kind: 'bet_settlement';
  result: FeedResult;
  markets: { ref: string; outcomes: { code: string; result: OutcomeResult; deadHeatFactor?: number }[] }[];
};
/**
 * Cancel bets: of the given markets (all when absent), and only those placed inside
 * [start, end) when a window is given (e.g. after a goal the feed missed).
 */
export type BetCancelMessage = Base & { kind: 'bet_cancel'; markets?: string[]; start?: string; end?: string; reason: string };
/** Undo an earlier bet_settlement of the given markets (all when absent). */
export type RollbackSettlementMessage = Base & { kind: 'rollback_settlement'; markets?: string[] };
/** Undo an earlier bet_cancel (same markets / window). */
export type RollbackCancelMessage = Base & { kind: 'rollback_cancel'; markets?: string[]; start?: string; end?: string };
/** The fixture is void (abandoned, not played): status cancelled and every bet refunded. */
export type VoidMessage = Base & { kind: 'void'; reason: string };

export type FeedMessage =
  | FixtureMessage
  | OddsChangeMessage
  | BetStopMessage
  | BetStartMessage
  | ScoreMessage
  | BetSettlementMessage
  | BetCancelMessage
  | RollbackSettlementMessage
  | RollbackCancelMessage
  | VoidMessage;
export type FeedMessageKind = FeedMessage['kind'];

/**
 * A feed source. `poll(from, to)` returns the messages due in (from, to], in order; `from`
 * null means "first contact": the feed returns a snapshot of everything current at `to`
 * (fixtures, prices, live scores). Real adapters buffer pushed messages and return them here.
 */
export type FeedAdapter = {
  name: string;
  poll(from: Date | null, to: Date): Promise<FeedMessage[]> | FeedMessage[];
};
