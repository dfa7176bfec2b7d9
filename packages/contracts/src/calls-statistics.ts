import { z } from 'zod';
import { moneyString, roleName, text } from './common.ts';

/**
 * Agent and admin statistics (issue 18 "Statistics", spec §3 "Statistics columns"; decision 030).
 * A day is the operator's day in KST (Asia/Seoul). Bet figures count settled bets on the KST day
 * they were placed (an open bet counts once it settles); money-desk figures on the day they happened.
 */

/** The rolling game types (decision 027), the key of every per-game-type figure. */
export const STAT_GAME_TYPES = ['sports_single', 'sports_combination', 'minigame', 'powerball_single', 'powerball_combination', 'casino', 'slot'] as const;
export type StatGameType = (typeof STAT_GAME_TYPES)[number];

/** The zeus pages' game groups (spec §2 `/pa-zeus-statistics-rolling?gameType=`). */
export const ZEUS_GAME_GROUPS = ['slot', 'casino', 'casinoslot', 'sports', 'minigame'] as const;
export type ZeusGameGroup = (typeof ZEUS_GAME_GROUPS)[number];

/** The bet families of `bets.game_type` (daily-bettings columns). */
export const STAT_FAMILIES = ['sports', 'minigame', 'casino', 'slot'] as const;
export type StatFamily = (typeof STAT_FAMILIES)[number];

const day = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const skip = z.number().int().min(0).max(1_000_000).default(0);

/** A KST date range, both ends included; both default to today (KST). At most 366 days. */
export const statRange = z.object({ from: day.optional(), to: day.optional() });
const paged = statRange.extend({ skip });

/** Figures of bets (settled, by KST day of placement) and rolling. Money as decimal strings. */
export const betFigures = z.object({
  /** Settled bets, cancelled ones excluded. */
  bet_count: z.number(),
  bet_amount: moneyString,
  /** Bets settled won, and every payout (wins, and draw/void refunds). */
  win_count: z.number(),
  win_amount: moneyString,
  /** Bets settled lost and their stakes. */
  lose_count: z.number(),
  lose_amount: moneyString,
  /** Stakes of bets settled won or lost (the rolling base). */
  valid_amount: moneyString,
  /** Single-pole (single) and combination bets. */
  single_count: z.number(),
  single_amount: moneyString,
  combo_count: z.number(),
  combo_amount: moneyString,
  /** Distinct members with a settled bet on the day; over a range of days, the sum of each day's count. */
  bettors: z.number(),
  /** bet_amount − win_amount (the house's betting profit and loss). */
  betting_pl: moneyString,
  /** win_amount ÷ bet_amount in percent with two decimals ("95.20"); null without bets. */
  payback_rate: z.string().nullable(),
  /** Rolling incurred: every agent's rolling on these bets (the chain total). */
  rolling: moneyString,
  /**
   * Losing commission incurred in the group: the open losing parts (decision 031) of every agent
   * of the group (the agent and all below it), of the settlement periods whose end day is in the
   * range (on a per-day row: periods ending that day). 0 on member rows (parts are per agent group,
   * not per member). Over all game types.
   */
  losing: moneyString,
  /** The row agent's own open losing parts (as rolling_own is for rolling); 0 on member and site rows. */
  loss_fee: moneyString,
  /** betting_pl − rolling − losing: what the house keeps after both commissions. */
  settlement: moneyString,
});
export type BetFigures = z.infer<typeof betFigures>;

/** Money-desk figures of the period (approved charges and exchanges, agent grants and reclaims, joins, logins). */
export const deskFigures = z.object({
  charge_count: z.number(),
  charge_amount: moneyString,
  exchange_count: z.number(),
  exchange_amount: moneyString,
  /** charge_amount − exchange_amount (deposit/withdrawal profit and loss). */
  deposit_pl: moneyString,
  /** Money and points agents granted (지급) to and reclaimed (회수) from accounts of the group. */
  paid_money: moneyString,
  collected_money: moneyString,
  paid_point: moneyString,
  collected_point: moneyString,
  join_count: z.number(),
  login_count: z.number(),
});
export type DeskFigures = z.infer<typeof deskFigures>;

/** What the group holds now (not per period). */
export const holdings = z.object({
  member_count: z.number(),
  member_money: moneyString,
  member_point: moneyString,
  member_egg: moneyString,
  /** Held by the agents of the group (the agent itself included). */
  lower_money: moneyString,
  lower_point: moneyString,
  /** member_money + lower_money. */
  total_held: moneyString,
});
export type Holdings = z.infer<typeof holdings>;

export const allFigures = betFigures.extend(deskFigures.shape).extend(holdings.shape);
export type AllFigures = z.infer<typeof allFigures>;

const who = z.object({ id: z.number(), account: z.string(), nickname: z.string(), role: z.string() });

/** One row of the total page: a direct lower agent (its whole subtree) or one of the caller's direct members. */
export const statTotalRow = who.extend(allFigures.shape).extend({ kind: z.enum(['agent', 'member']) });
export type StatTotalRow = z.infer<typeof statTotalRow>;

const perType = z.object({ bet_amount: moneyString, valid_amount: moneyString, rolling: moneyString, rolling_own: moneyString });
/** Losing (the group's open losing parts) and loss-fee (the agent's own), over all game types: see `betFigures`. */
const losingFigures = z.object({ losing: moneyString, loss_fee: moneyString });
/** Per game type: the subtree's rolling (chain total on its bets) and the agent's own rolling earned. */
export const statRollingRow = who
  .extend({
    by_type: z.record(z.enum(STAT_GAME_TYPES), perType),
    /** Sums over the game types. */
    total: perType,
  })
  .extend(losingFigures.shape);
export type StatRollingRow = z.infer<typeof statRollingRow>;

export const statDayRow = betFigures.extend(deskFigures.shape).extend({ day: z.string() });
export type StatDayRow = z.infer<typeof statDayRow>;

const familyFigures = z.object({ bet_count: z.number(), bet_amount: moneyString, win_amount: moneyString, betting_pl: moneyString, bettors: z.number() });
export const zeusDailyRow = z.object({ day: z.string(), by_family: z.record(z.enum(STAT_FAMILIES), familyFigures), total: familyFigures });
export type ZeusDailyRow = z.infer<typeof zeusDailyRow>;

/** A member's (or, for the role call, an agent subtree's) bet figures for a day or the whole range. */
export const userBettingRow = who.extend(betFigures.shape).extend({ day: z.string().nullable(), parent_account: z.string().nullable() });
export type UserBettingRow = z.infer<typeof userBettingRow>;

const rangeOut = { from: z.string(), to: z.string() };
const totalsBet = betFigures;

/** Subject of the call: the caller's subtree, or (when given) a lower account's (checked to be in it). */
const subject = { user_id: z.number().int().positive().optional() };

export const agentStatisticsCalls = {
  /** Per direct lower agent and per direct member of the caller, 20 rows a page (agents first); totals over all rows. */
  '/api/agent/statistics/total': {
    body: paged.optional(),
    data: z.object({
      ...rangeOut,
      rows: z.array(statTotalRow),
      total: z.number(),
      totals: allFigures,
      /** When the holdings of the lower agents' subtrees were taken (a job, every few minutes; decision 030); null: read live. */
      holdings_as_of: z.string().nullable().optional(),
    }),
  },
  /** Rolling incurred per direct lower agent per game type (the caller's own row first). */
  '/api/agent/statistics/rolling': {
    body: paged.optional(),
    data: z.object({
      ...rangeOut,
      rows: z.array(statRollingRow),
      total: z.number(),
      /** Losing: the caller's whole group (as rolling); loss_fee: the listed agents' own added up (as rolling_own). */
      totals: z.object({ by_type: z.record(z.enum(STAT_GAME_TYPES), perType), total: perType }).extend(losingFigures.shape),
    }),
  },
  /** One row per KST day of the range (newest first), for the subtree of `user_id` or the caller's. */
  '/api/agent/statistics/days': {
    body: statRange.extend(subject).optional(),
    data: z.object({ ...rangeOut, rows: z.array(statDayRow), totals: betFigures.extend(deskFigures.shape) }),
  },
  /** Today's cards (all figures) and the last 30 KST days' series (oldest first). */
  '/api/agent/zeus/home': {
    body: z.object({}).optional(),
    data: z.object({ today: allFigures, series: z.array(statDayRow) }),
  },
  /** Rolling of one game group per direct lower agent (own row first), 20 a page; losing and loss_fee over all game types. */
  '/api/agent/zeus/statistics/rolling': {
    body: paged.extend({ gameType: z.enum(ZEUS_GAME_GROUPS).default('sports') }).optional(),
    data: z.object({
      ...rangeOut,
      rows: z.array(who.extend(perType.shape).extend({ bet_count: z.number(), win_amount: moneyString }).extend(losingFigures.shape)),
      total: z.number(),
      totals: perType.extend({ bet_count: z.number(), win_amount: moneyString }).extend(losingFigures.shape),
    }),
  },
  /** One row per KST day (newest first), by bet family, for the subtree. */
  '/api/agent/zeus/daily-bettings': {
    body: statRange.extend(subject).optional(),
    data: z.object({ ...rangeOut, rows: z.array(zeusDailyRow), totals: zeusDailyRow.omit({ day: true }) }),
  },
  /** One row per (day, member) of the subtree with settled bets, newest day first then by bet amount, 20 a page. */
  '/api/agent/zeus/user-daily-bettings': {
    body: paged.extend({ search: text.trim().max(30).optional() }).optional(),
    data: z.object({ ...rangeOut, rows: z.array(userBettingRow), total: z.number(), totals: totalsBet }),
  },
  /** One row per agent of `roleName` in the subtree (its whole subtree's bets over the range), by bet amount, 20 a page. */
  '/api/agent/zeus/role-user-daily-bettings': {
    body: paged.extend({ roleName }),
    data: z.object({ ...rangeOut, rows: z.array(userBettingRow), total: z.number(), totals: totalsBet }),
  },
  /** One row per member of the subtree over the whole range, by bet amount, 20 a page. */
  '/api/agent/zeus/total-user-bettings': {
    body: paged.extend({ search: text.trim().max(30).optional() }).optional(),
    data: z.object({ ...rangeOut, rows: z.array(userBettingRow), total: z.number(), totals: totalsBet }),
  },
};

/** Site-wide statistics for the admin (issue 19), from the same day rows. */
export const adminStatisticsCalls = {
  /** One row per KST day of the whole site (newest first). */
  '/api/admin/statistics/daily': {
    body: statRange.optional(),
    data: z.object({ ...rangeOut, rows: z.array(statDayRow), totals: betFigures.extend(deskFigures.shape) }),
  },
  /** One row per agent tier: the bets of the members below agents of that tier (members without an agent in `none`). */
  '/api/admin/statistics/tiers': {
    body: statRange.optional(),
    data: z.object({ ...rangeOut, rows: z.array(betFigures.extend({ role: z.string(), agents: z.number() })) }),
  },
  /** Members ranked by `by` over the range, 20 a page. */
  '/api/admin/statistics/ranking': {
    body: paged.extend({ by: z.enum(['bet_amount', 'win_amount', 'betting_pl', 'rolling']).default('bet_amount') }).optional(),
    data: z.object({ ...rangeOut, rows: z.array(userBettingRow), total: z.number() }),
  },
};
