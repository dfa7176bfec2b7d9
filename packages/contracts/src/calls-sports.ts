import { z } from 'zod';
import { text } from './common.ts';
import { SPORTS } from './constants.ts';

export { SPORTS };

/** Sports betting: catalogue, fixtures, odds and live scores (issue 9, read side). */

export type SportCode = (typeof SPORTS)[number];

/**
 * Boards (spec §2): `europe` prematch with every market, `inplay` live with every market;
 * domestic boards `cross` (prematch full-time 1x2/moneyline + handicap + over/under),
 * `special` (prematch event specials: first to score, first 3-pointer, first free throw,
 * odd/even, correct-score bands), `special2` (prematch period markets: halves, quarters,
 * sets, innings) and `live` (the cross layout, in play). Decision 016.
 */
export const SPORTS_BOARDS = ['cross', 'special', 'special2', 'live', 'europe', 'inplay'] as const;
export type SportsBoard = (typeof SPORTS_BOARDS)[number];

export const MARKET_KINDS = [
  '1x2',
  'moneyline',
  'handicap',
  'over_under',
  'odd_even',
  'first_score',
  'first_3pt',
  'first_free_throw',
  'correct_score_band',
] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

export const FIXTURE_STATUSES = ['waiting', 'release', 'progress', 'result', 'cancelled'] as const;
export const MARKET_STATUSES = ['open', 'suspended', 'settled', 'void'] as const;

/** Decimal odds with two places, as text ("1.95") so nobody rounds them through a float. */
const oddsText = z.string().regex(/^\d+\.\d{2}$/);
/** Handicap or total line with two places ("-0.25", "2.50"); null when the market has none. */
const lineText = z.string().regex(/^-?\d+\.\d{2}$/);

export const sportsOutcome = z.object({
  id: z.number(),
  /** home, draw, away, over, under, odd, even, none, or a band code such as "1-0" / "other". */
  code: z.string(),
  odds: oddsText,
  /** False while the outcome is not offered (suspended market, bet stop, provider pulled it). */
  active: z.boolean(),
  /** Set once graded: won, lost, void, half_won, half_lost. */
  result: z.string().nullable(),
});
export type SportsOutcome = z.infer<typeof sportsOutcome>;

export const sportsMarket = z.object({
  id: z.number(),
  kind: z.enum(MARKET_KINDS),
  /** ft, 1h, 2h, q1..q4, p1..p3, set1..set5, i1_5 (first five innings), map1, … */
  period: z.string(),
  line: lineText.nullable(),
  status: z.enum(MARKET_STATUSES),
  outcomes: z.array(sportsOutcome),
});
export type SportsMarket = z.infer<typeof sportsMarket>;

export const liveScore = z.object({
  home: z.number(),
  away: z.number(),
  /** Current period code (1h, ht, 2h, q3, set2, i7t …; 'ft' when over; null before the start). */
  period: z.string().nullable(),
  /**
   * The clock in minutes where the sport has one: the match minute (football, futsal, handball)
   * or the minute of the period (quarters, hockey periods, fight rounds); null for innings (the
   * period then reads `i7t` / `i7b`, top or bottom), sets and maps (decision 052).
   */
  minute: z.number().nullable(),
  /** Scores per finished or running period, in order. */
  periods: z.array(z.object({ period: z.string(), home: z.number(), away: z.number() })),
  /** Recent events (goal, penalty, card, point …), newest last, at most a handful. */
  events: z.array(z.object({ kind: z.string(), side: z.enum(['home', 'away']).nullable(), minute: z.number().nullable() })),
});
export type LiveScore = z.infer<typeof liveScore>;

const nameRef = z.object({ id: z.number(), name: z.string() });

export const fixtureSummary = z.object({
  id: z.number(),
  sport: z.enum(SPORTS),
  league: z.object({ id: z.number(), name: z.string(), country: z.string().nullable() }),
  home: nameRef,
  away: nameRef,
  starts_at: z.string(),
  status: z.enum(FIXTURE_STATUSES),
  /** True while the match is running (status progress). */
  live: z.boolean(),
  /** Feed bet stop: odds shown but no bets taken. */
  bet_stop: z.boolean(),
  score: liveScore.nullable(),
  /** Bumped on every odds or status change (the bet slip re-confirms when it moved). */
  version: z.number(),
  /** The board's markets for this fixture (europe/inplay lists: the main market only). */
  markets: z.array(sportsMarket),
  /** How many open markets the fixture has in all (for "+N"). */
  market_count: z.number(),
});
export type FixtureSummary = z.infer<typeof fixtureSummary>;

export const fixtureDetail = fixtureSummary.extend({
  /** Final result once known: { home, away, periods }. */
  result: z.object({ home: z.number(), away: z.number() }).nullable(),
});
export type FixtureDetail = z.infer<typeof fixtureDetail>;

/** One settled fixture on the results board. */
export const fixtureResultRow = z.object({
  id: z.number(),
  sport: z.enum(SPORTS),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: z.string(),
  score: z.object({ home: z.number(), away: z.number() }),
  /** Score per period in the feed's order (1h, 2h; q1..q4; set1..; i1..). */
  periods: z.array(z.object({ period: z.string(), home: z.number(), away: z.number() })),
  /** Every graded market: `won` the winning codes (half_won included), `void` true when the market was voided. */
  markets: z.array(z.object({ kind: z.enum(MARKET_KINDS), period: z.string(), line: lineText.nullable(), won: z.array(z.string()), void: z.boolean() })),
});
export type FixtureResultRow = z.infer<typeof fixtureResultRow>;

const board = z.enum(SPORTS_BOARDS);
const sport = z.enum(SPORTS);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What an odds button needs to judge a folder like the slip does (`folderRefusalCode`). */
const boardClock = {
  /** The board's game setting: prematch betting closes this long before the start. */
  closing_seconds: z.number(),
  /** The server's clock when it answered (the browser's may be wrong). */
  server_time: z.string(),
};

export const sportsCalls = {
  /** The 12 sports with how many fixtures each board offers now. */
  '/api/user/sports/sports': {
    body: z.object({ board: board.default('europe') }).default({ board: 'europe' }),
    data: z.object({
      sports: z.array(z.object({ code: z.enum(SPORTS), name: z.string(), count: z.number(), live: z.number() })),
    }),
  },
  /** Fixtures of one board, filtered by sport and league; leagues listed for the filter bar. */
  '/api/user/sports/fixtures': {
    body: z.object({
      board,
      sport: sport.optional(),
      league_id: id.optional(),
    }),
    data: z.object({
      fixtures: z.array(fixtureSummary),
      leagues: z.array(z.object({ id: z.number(), sport: z.enum(SPORTS), name: z.string(), country: z.string().nullable(), count: z.number() })),
      /** Snapshot stamp: changes whenever anything in the catalogue changed. */
      stamp: z.number(),
      ...boardClock,
    }),
  },
  /** One fixture with every market and outcome (board decides nothing here but the in-play flag). */
  '/api/user/sports/fixture': {
    body: z.object({ id }),
    data: z.object({ fixture: fixtureDetail, ...boardClock }),
  },
  /** Live scores and states of a few fixtures (polling fallback of the stream). */
  '/api/user/sports/scores': {
    body: z.object({ ids: z.array(id).min(1).max(200) }),
    data: z.object({
      fixtures: z.array(
        z.object({ id: z.number(), status: z.enum(FIXTURE_STATUSES), bet_stop: z.boolean(), score: liveScore.nullable(), version: z.number() }),
      ),
    }),
  },
  /**
   * The results board (spec §2 /board/game-result, sports tab): settled fixtures, newest first,
   * with the final score, the score per period and each market's winning picks; names in the
   * reader's language. `day` is a local day of the operating time zone. Decision 046.
   */
  '/api/user/sports/results': {
    body: z
      .object({
        sport: sport.optional(),
        day: text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').optional(),
        skip: z.number().int().min(0).max(100_000).default(0),
      })
      .default({ skip: 0 }),
    data: z.object({
      rows: z.array(fixtureResultRow),
      total: z.number(),
      /** Rows per page. */
      per_page: z.number(),
    }),
  },
} as const;

/**
 * Server push (SSE, `GET /api/user/sports/stream?token=…&fixtures=1,2,3` or `&sport=soccer`
 * or nothing for every fixture): each `data:` line is one of these JSON deltas. Event name
 * `sports`; a comment line every 15 s keeps the connection alive.
 */
export const sportsPushEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('odds'),
    fixture_id: z.number(),
    version: z.number(),
    /** Changed outcomes only. */
    outcomes: z.array(z.object({ id: z.number(), market_id: z.number(), odds: oddsText, active: z.boolean() })),
  }),
  z.object({
    type: z.literal('markets'),
    fixture_id: z.number(),
    version: z.number(),
    markets: z.array(z.object({ id: z.number(), status: z.enum(MARKET_STATUSES) })),
  }),
  z.object({
    type: z.literal('status'),
    fixture_id: z.number(),
    version: z.number(),
    status: z.enum(FIXTURE_STATUSES),
    bet_stop: z.boolean(),
  }),
  z.object({ type: z.literal('score'), fixture_id: z.number(), score: liveScore }),
  /** The fixture list changed (fixtures added or removed): refetch the list. */
  z.object({ type: z.literal('catalogue'), stamp: z.number() }),
]);
export type SportsPushEvent = z.infer<typeof sportsPushEvent>;
