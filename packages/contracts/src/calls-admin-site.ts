import { z } from 'zod';
import { moneyString, text } from './common.ts';

/**
 * Admin site screens of issue 19 (decision 040): recommendation codes, the account blacklist,
 * attendance and its bonuses, casino domains and their access history, the member ranking.
 */

/** Spec §9 validity options, in minutes: 30 minutes, 1 hour, 6 hours, 1, 3, 7, 15, 30 days. */
export const RECOMMEND_VALIDITY_MINUTES = [30, 60, 360, 1_440, 4_320, 10_080, 21_600, 43_200] as const;
export const isRecommendValidity = (v: number) => (RECOMMEND_VALIDITY_MINUTES as readonly number[]).includes(v);

/** Spec §4 "Recommendation code" (available, expired, waiting for use), plus used once a member joined. */
export const RECOMMEND_CODE_STATUSES = ['available', 'expired', 'waiting', 'used'] as const;
export type RecommendCodeStatus = (typeof RECOMMEND_CODE_STATUSES)[number];

export const BLACKLIST_KINDS = ['account', 'phone', 'bank_account'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

export const RANKING_BY = ['stake', 'win', 'deposit'] as const;
export type RankingBy = (typeof RANKING_BY)[number];

const id = z.number().int().positive();
const skip = z.number().int().min(0).max(1_000_000).default(0);
const day = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const iso = z.string();

export const recommendCode = z.object({
  id: z.number(),
  code: z.string(),
  agent_id: z.number(),
  agent_account: z.string(),
  valid_minutes: z.number(),
  starts_at: iso,
  expires_at: iso,
  issued_at: iso,
  issued_by: z.string().nullable(),
  memo: z.string().nullable(),
  deleted_at: iso.nullable(),
  used_by_account: z.string().nullable(),
  used_at: iso.nullable(),
  status: z.enum(RECOMMEND_CODE_STATUSES),
});
export type RecommendCode = z.infer<typeof recommendCode>;

export const blacklistEntry = z.object({ id: z.number(), kind: z.enum(BLACKLIST_KINDS), value: z.string(), memo: z.string().nullable(), created_at: iso });
export type BlacklistEntry = z.infer<typeof blacklistEntry>;

export const attendanceBonus = z.object({ streak_days: z.number().int().min(1).max(366), point: z.number().int().min(0).max(100_000_000) });
export const attendanceRow = z.object({
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  day: z.string(),
  streak: z.number(),
  bonus: moneyString,
  created_at: iso,
});

export const siteDomain = z.object({ id: z.number(), domain: z.string(), created_at: iso });
/** Spec §5: a domain is entered as {host}/ (lower case, an optional port, the trailing slash). */
export const domainEntry = text
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?\/$/, 'must be a host followed by /');

export const rankingRow = z.object({
  rank: z.number(),
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  parent_account: z.string().nullable(),
  stake: moneyString,
  win: moneyString,
  deposit: moneyString,
});

export const adminSiteCalls = {
  // ---- recommendation codes (spec §3, §4, §9)
  /** Codes newest first, 20 a page; `status` filters by the derived status. */
  '/api/admin/site/codes/list': {
    body: z.object({ status: z.enum(RECOMMEND_CODE_STATUSES).optional(), skip }).optional(),
    data: z.object({ rows: z.array(recommendCode), total: z.number(), validity_minutes: z.number() }),
  },
  /**
   * Issues `count` single-use codes for an agent; validity defaults to the setting
   * `recommend_code_validity_minutes` (changed with /api/admin/settings/update). Audited.
   */
  '/api/admin/site/codes/issue': {
    body: z.object({
      agent_account: text.trim().min(1).max(30),
      count: z.number().int().min(1).max(100).default(1),
      valid_minutes: z.number().int().refine(isRecommendValidity, 'must be one of the validity options').optional(),
      starts_at: iso.optional(),
      memo: text.trim().max(200).optional(),
    }),
    data: z.object({ rows: z.array(recommendCode) }),
  },
  /** Deletes (soft) an unused code. Audited. */
  '/api/admin/site/codes/delete': { body: z.object({ id }), data: z.object({ ok: z.literal(true) }) },

  // ---- account blacklist (spec §2)
  '/api/admin/site/blacklist/list': {
    body: z.object({ kind: z.enum(BLACKLIST_KINDS).optional(), skip }).optional(),
    data: z.object({ rows: z.array(blacklistEntry), total: z.number() }),
  },
  '/api/admin/site/blacklist/add': {
    body: z.object({ kind: z.enum(BLACKLIST_KINDS), value: text.trim().min(1).max(60), memo: text.trim().max(200).optional() }),
    data: z.object({ id: z.number() }),
  },
  '/api/admin/site/blacklist/remove': { body: z.object({ id }), data: z.object({ ok: z.literal(true) }) },

  // ---- attendance (spec §2 "attendance", "attendance bonuses")
  '/api/admin/site/attendance/bonuses': {
    body: z.object({}).optional(),
    data: z.object({ bonuses: z.array(attendanceBonus) }),
  },
  /** Replaces the bonus table (one row per consecutive-day count). Audited. */
  '/api/admin/site/attendance/setBonuses': {
    body: z.object({ bonuses: z.array(attendanceBonus).max(60) }),
    data: z.object({ bonuses: z.array(attendanceBonus) }),
  },
  /** Who attended on which day, newest first; `search` matches account or nickname. */
  '/api/admin/site/attendance/list': {
    body: z.object({ from: day.optional(), to: day.optional(), search: text.trim().max(40).optional(), skip }).optional(),
    data: z.object({ rows: z.array(attendanceRow), total: z.number(), from: z.string(), to: z.string() }),
  },
  /** The member's attendance: today's check; the bonus is paid once per member and local day (that pair is the key). */
  '/api/user/attendance/check': {
    body: z.object({}).optional(),
    data: z.object({ day: z.string(), streak: z.number(), bonus: moneyString, already: z.boolean() }),
  },
  /** The member's attended days in a month (YYYY-MM, default this KST month), the bonus table, today's check and the current run of days. */
  '/api/user/attendance/get': {
    body: z.object({ month: text.regex(/^\d{4}-\d{2}$/).optional() }).optional(),
    data: z.object({
      days: z.array(z.object({ day: z.string(), streak: z.number(), bonus: moneyString })),
      bonuses: z.array(attendanceBonus),
      today: z.string(),
      checked_today: z.boolean(),
      /** Today's streak once checked in, else yesterday's (what today's check continues), else 0. */
      streak: z.number(),
    }),
  },

  // ---- domains (spec §2 domain guide, settings, access history; §5 "{host}/")
  /** The domains and the guide (`domain_guide`, changed with /api/admin/settings/update). */
  '/api/admin/site/domains/list': {
    body: z.object({}).optional(),
    data: z.object({ rows: z.array(siteDomain), guide: z.string() }),
  },
  '/api/admin/site/domains/add': { body: z.object({ domain: domainEntry }), data: z.object({ id: z.number() }) },
  '/api/admin/site/domains/remove': { body: z.object({ id }), data: z.object({ ok: z.literal(true) }) },
  /** Sessions per domain over a period (which domain each session came from), newest first. */
  '/api/admin/site/domains/history': {
    body: z.object({ from: day.optional(), to: day.optional(), domain: text.trim().max(200).optional(), skip }).optional(),
    data: z.object({
      rows: z.array(
        z.object({
          session_id: z.number(),
          audience: z.string(),
          account: z.string().nullable(),
          domain: z.string(),
          ip: z.string(),
          device: z.string().nullable(),
          created_at: iso,
        }),
      ),
      total: z.number(),
      counts: z.array(z.object({ domain: z.string(), sessions: z.number() })),
      from: z.string(),
      to: z.string(),
    }),
  },
  /** The domain guide and the configured domains, for the member site. */
  '/api/user/site/domains': { body: z.object({}).optional(), data: z.object({ guide: z.string(), domains: z.array(z.string()) }) },

  // ---- real-time member ranking (spec §2), from the statistics day rows
  '/api/admin/site/ranking': {
    body: z
      .object({ by: z.enum(RANKING_BY).default('stake'), from: day.optional(), to: day.optional(), limit: z.number().int().min(1).max(100).default(50) })
      .optional(),
    data: z.object({ rows: z.array(rankingRow), from: z.string(), to: z.string(), by: z.enum(RANKING_BY) }),
  },
} as const;
