import { z } from 'zod';
import { moneyString, text } from './common.ts';
import { SPORTS, SPORTS_BOARDS } from './calls-sports.ts';

/**
 * Sports back office (issue 9, decision 018): result management, fixture state, league
 * interworking, team names, high-value bets and the live liability view. Game settings per board
 * and level use `/api/admin/game-settings/*` (`sports:<board>`); betting block settings use
 * `/api/admin/settings/update` (`sports_block`).
 */

const id = z.number().int().positive();
const score = z.number().int().min(0).max(9_999);
const side = z.object({ home: score, away: score });
const names = z.object({ ko: z.string(), ja: z.string(), vi: z.string(), th: z.string(), en: z.string() });
const ok = z.object({ ok: z.literal(true) });
/** Client request id of a result call: a repeat returns the first answer (its settle-queue item). */
const requestId = text.min(8).max(100).optional();

export const sportsResultInput = z.object({
  home: score,
  away: score,
  /** Period scores in play order (halves, quarters, sets, innings), each named by its period code ("1h", "q1", "s1" …). */
  periods: z
    .array(side.extend({ period: text.trim().min(1).max(10) }))
    .max(20)
    .default([]),
  /** Specials by market kind (or `kind:period`): the winning outcome code, several codes for a dead heat, null to void the market. */
  specials: z.record(text.max(40), z.union([text.max(20), z.array(text.max(20)).max(10), z.null()])).default({}),
});
export type SportsResultInput = z.infer<typeof sportsResultInput>;

export const adminFixtureRow = z.object({
  id: z.number(),
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: z.string(),
  status: z.string(),
  on_sale: z.boolean(),
  managed: z.string(),
  result: z.object({ home: z.number(), away: z.number() }).passthrough().nullable(),
  result_source: z.string().nullable(),
  result_version: z.number(),
  bets: z.number(),
  open_bets: z.number(),
  stakes: moneyString,
});
export type AdminFixtureRow = z.infer<typeof adminFixtureRow>;

const queueRow = z.object({
  id: z.number(),
  action: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  done_at: z.string().nullable(),
  settled: z.number(),
  reopened: z.number(),
  written_off: moneyString,
  error: z.object({ code: z.string(), message: z.string() }).passthrough().nullable(),
});

export const FIXTURE_FILTERS = ['awaiting', 'settled', 'cancelled', 'upcoming', 'all'] as const;
export const STOP_TYPES = SPORTS_BOARDS;

export const sportsAdminCalls = {
  '/api/admin/sports/fixtures': {
    body: z.object({
      filter: z.enum(FIXTURE_FILTERS).default('awaiting'),
      sport: z.enum(SPORTS).optional(),
      search: text.trim().max(60).optional(),
      skip: z.number().int().min(0).default(0),
    }),
    data: z.object({ rows: z.array(adminFixtureRow), total: z.number() }),
  },
  '/api/admin/sports/fixture': {
    body: z.object({ fixture_id: id }),
    data: z.object({
      fixture: adminFixtureRow,
      markets: z.array(
        z.object({
          id: z.number(),
          kind: z.string(),
          period: z.string(),
          line: z.string().nullable(),
          status: z.string(),
          outcomes: z.array(
            z.object({
              id: z.number(),
              code: z.string(),
              odds: z.string(),
              result: z.string().nullable(),
              dead_heat: z.string().nullable(),
              bets: z.number(),
              stakes: moneyString,
            }),
          ),
        }),
      ),
      entries: z.array(
        z.object({
          id: z.number(),
          action: z.string(),
          result: z.unknown(),
          version: z.number(),
          actor: z.string(),
          memo: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
      queue: z.array(queueRow),
      /** What recalling this fixture's paid bets would take from each player now. */
      recall: z.array(z.object({ user_id: z.number(), account: z.string(), bets: z.number(), owed: moneyString, held: moneyString, missing: moneyString })),
    }),
  },
  '/api/admin/sports/result/enter': {
    body: z.object({
      fixture_id: id,
      mode: z.enum(['enter', 'reenter', 'modify']),
      result: sportsResultInput,
      /** Re-entry when players no longer hold the winnings to recall: write the rest off. */
      force: z.boolean().default(false),
      memo: text.max(500).optional(),
      request_id: requestId,
    }),
    data: z.object({ queue_id: z.number(), finished: z.boolean() }),
  },
  '/api/admin/sports/result/cancel': {
    body: z.object({
      fixture_id: id,
      mode: z.enum(['refund', 'recover']),
      force: z.boolean().default(false),
      memo: text.max(500).optional(),
      request_id: requestId,
    }),
    data: z.object({ queue_id: z.number(), finished: z.boolean() }),
  },
  '/api/admin/sports/result/recalculate': {
    body: z.object({ fixture_id: id, force: z.boolean().default(false), request_id: requestId }),
    data: z.object({ queue_id: z.number(), finished: z.boolean() }),
  },
  '/api/admin/sports/fixture/setState': {
    body: z.object({ fixture_id: id, on_sale: z.boolean().optional(), managed: z.enum(['auto', 'manual']).optional() }),
    data: ok,
  },
  '/api/admin/sports/leagues': {
    body: z.object({ sport: z.enum(SPORTS).optional() }),
    data: z.object({
      rows: z.array(
        z.object({
          id: z.number(),
          sport: z.string(),
          name: z.string(),
          country: z.string().nullable(),
          stopped_types: z.array(z.string()),
          fixtures: z.number(),
        }),
      ),
    }),
  },
  '/api/admin/sports/leagues/setStopped': {
    body: z.object({
      /** Empty with `all: true`: every league. */
      league_ids: z.array(id).max(1000).default([]),
      all: z.boolean().default(false),
      types: z.array(z.enum(STOP_TYPES)).min(1),
      stopped: z.boolean(),
    }),
    data: z.object({ changed: z.number() }),
  },
  '/api/admin/sports/teams': {
    body: z.object({ sport: z.enum(SPORTS).optional(), search: text.trim().max(60).optional(), skip: z.number().int().min(0).default(0) }),
    data: z.object({
      /** `names`: the admin's display names (they win); `feed_names`: what the feed sends per language. */
      rows: z.array(z.object({ id: z.number(), sport: z.string(), feed_name: z.string(), feed_names: names.partial(), names: names.partial() })),
      total: z.number(),
    }),
  },
  '/api/admin/sports/teams/setNames': {
    body: z.object({
      team_id: id,
      names: z
        .object({ ko: text.trim().max(60), ja: text.trim().max(60), vi: text.trim().max(60), th: text.trim().max(60), en: text.trim().max(60) })
        .partial(),
    }),
    data: ok,
  },
  '/api/admin/sports/highBets': {
    body: z.object({ status: z.enum(['open', 'won', 'lost', 'draw', 'void', 'cancelled']).optional(), skip: z.number().int().min(0).default(0) }),
    data: z.object({
      threshold: moneyString,
      rows: z.array(
        z.object({
          id: z.number(),
          account: z.string(),
          nickname: z.string(),
          game: z.string(),
          bet_type: z.string(),
          folders: z.number(),
          odds: z.string(),
          amount: moneyString,
          potential_win: moneyString,
          win_amount: moneyString,
          status: z.string(),
          created_at: z.string(),
        }),
      ),
      total: z.number(),
    }),
  },
  '/api/admin/sports/liability': {
    body: z.object({ fixture_id: id.optional() }),
    data: z.object({
      /** Open exposure per outcome, largest potential payout first. */
      outcomes: z.array(
        z.object({
          fixture_id: z.number(),
          fixture: z.string(),
          starts_at: z.string(),
          status: z.string(),
          market: z.string(),
          period: z.string(),
          line: z.string().nullable(),
          code: z.string(),
          odds: z.string(),
          bets: z.number(),
          stakes: moneyString,
          payout: moneyString,
        }),
      ),
      bettors: z.array(z.object({ user_id: z.number(), account: z.string(), bets: z.number(), stakes: moneyString, payout: moneyString })),
      totals: z.object({ bets: z.number(), stakes: moneyString, payout: moneyString }),
    }),
  },
} as const;
