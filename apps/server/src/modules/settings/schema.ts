import { z } from 'zod';
import { OPERATING_CURRENCIES } from '@wager/contracts/constants';
import { isRecommendValidity } from '@wager/contracts';

const inspection = z.object({ is_disabled: z.boolean(), memo: z.string().max(2000) });
/** A cap in points; null = no cap. */
const pointCap = z.number().int().min(0).max(1e15).nullable().default(null);
/** An uploaded sound file of this site (uploads module). */
const soundUrl = z.string().regex(/^\/uploads\/put\/[a-f0-9]{32}\.(mp3|wav|ogg)$/);

/**
 * Every system setting with its default. Stored one row per top-level key; a key never
 * written reads as its default. Later issues add their keys here.
 */
export const settingsSchema = z.object({
  inspection: inspection.default({ is_disabled: false, memo: '' }),
  agent_inspection: inspection.default({ is_disabled: false, memo: '' }),
  is_seamless: z.boolean().default(false),
  use_user_join: z.boolean().default(true),
  use_exchange_password: z.boolean().default(true),
  use_casino: z.boolean().default(true),
  use_slot: z.boolean().default(true),
  use_sports: z.boolean().default(true),
  use_minigame: z.boolean().default(true),
  /** Whether a second simultaneous login is allowed; when not, the new login ends the old session. */
  duplicate_login: z.object({ user: z.boolean(), agent: z.boolean(), admin: z.boolean() }).default({ user: false, agent: true, admin: true }),
  /** New members skip the registration queue when on. */
  join_auto_approve: z.boolean().default(false),
  join_level: z.number().int().min(1).max(7).default(1),
  signup_points: z.number().int().min(0).max(100_000_000).default(0),
  session_idle_minutes: z.number().int().min(1).max(1440).default(30),
  /**
   * Login guessing limits within a window (decision 009). `failures_per_account`: failed
   * logins per account FROM ONE ADDRESS before that address is locked out of that account;
   * `attempts_per_ip`: failed logins from one address over all accounts (successes do not
   * count, so players sharing a PC room are not locked out). Across all addresses, after
   * `account_delay_after` failures each further one makes unfamiliar addresses wait a doubling
   * delay (up to `account_max_delay_seconds`); at `account_ceiling` they are refused for the
   * window. An address the account signed in from before is exempt from the account-wide part.
   */
  login_limit: z
    .object({
      failures_per_account: z.number().int().min(1).max(100),
      attempts_per_ip: z.number().int().min(1).max(10_000),
      window_minutes: z.number().int().min(1).max(1440),
      account_delay_after: z.number().int().min(1).max(10_000).default(10),
      account_max_delay_seconds: z.number().int().min(1).max(86_400).default(300),
      account_ceiling: z.number().int().min(1).max(100_000).default(100),
    })
    .default({
      failures_per_account: 5,
      attempts_per_ip: 30,
      window_minutes: 15,
      account_delay_after: 10,
      account_max_delay_seconds: 300,
      account_ceiling: 100,
    }),
  /** Wrong exchange-password entries in a row before the member is refused for `lock_minutes` (decision 009). */
  exchange_password_limit: z
    .object({ failures: z.number().int().min(1).max(100).default(5), lock_minutes: z.number().int().min(1).max(10_080).default(30) })
    .default({ failures: 5, lock_minutes: 30 }),
  /** Join SMS: one code per number per this many seconds, at most this many per address per hour. */
  join_sms_limit: z
    .object({ per_phone_seconds: z.number().int().min(1).max(3600), per_ip_per_hour: z.number().int().min(1).max(100_000) })
    .default({ per_phone_seconds: 30, per_ip_per_hour: 20 }),
  /** Join account and nickname checks, both together: at most this many per address per 10 minutes (issue 21: they list who exists). */
  join_check_limit: z.object({ per_ip_per_10_minutes: z.number().int().min(1).max(100_000) }).default({ per_ip_per_10_minutes: 30 }),
  /**
   * Uploads per account (issue 21, decision 051): at most `window_mb` stored in any `window_minutes`,
   * at most `total_mb` held at once; a file no content uses is deleted after `unattached_hours`.
   */
  upload_quota: z
    .object({
      window_minutes: z.number().int().min(1).max(1440),
      window_mb: z.number().int().min(1).max(100_000),
      total_mb: z.number().int().min(1).max(1_000_000),
      unattached_hours: z.number().int().min(1).max(8760),
    })
    .default({ window_minutes: 10, window_mb: 50, total_mb: 500, unattached_hours: 24 }),
  partner_signup: z.boolean().default(false),
  users_can_change_password: z.boolean().default(true),
  agents_can_create_lower: z.boolean().default(true),
  agent_theme: z.enum(['A', 'B']).default('A'),
  /** Two-factor login for agents (decision 050): 'off', 'optional' (an agent may enrol) or 'required'. Admins always need it. */
  two_factor_agents: z.enum(['off', 'optional', 'required']).default('optional'),
  /**
   * Rolling commission (decision 027): the payout's decimal places (spec §9 "Decimals allowed in
   * rolling payout by option"; 0 = whole won; finer parts are carried per agent, never lost), and
   * whether rolling is credited at settlement or already at placement (taken back if the bet ends
   * void, drawn or cancelled).
   */
  rolling_decimals: z.number().int().min(0).max(4).default(0),
  rolling_credit: z.enum(['settlement', 'placement']).default('settlement'),
  /**
   * The support rate (spec §3 "Other settings"; decision 043), a percent with at most four
   * decimals: the rate of each support key (casino, slot) an account is created without, capped
   * by its parent's. Support is paid on the valid stake of casino and slot bets with outside vendors.
   */
  support_rate: z
    .number()
    .min(0)
    .max(100)
    .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, 'at most four decimals')
    .default(0),

  // ---- money (spec §5 "Money rules", §9); amounts in won, null = not applied
  /**
   * The operating currency: every amount is an integer of this currency's whole units and is
   * shown in it in every language (decision 013). Only currencies without minor units.
   */
  currency: z.enum(OPERATING_CURRENCIES).default('KRW'),
  /** The operator's local time (KST) for day boundaries and the exchange blackout. */
  timezone_offset_minutes: z.number().int().min(-720).max(840).default(540),
  charge: z
    .object({
      min: z.number().int().min(1).default(10_000),
      max: z.number().int().min(1).nullable().default(null),
      unit: z.number().int().min(1).nullable().default(null),
      /**
       * Seconds a member must wait between two charge requests. Under 60 so the "double deposit
       * within 1 minute" flag can fire (decision 011); at 60 or more the wait itself rules doubles out.
       */
      delay_seconds: z.number().int().min(0).max(86_400).default(30),
      require_exchange_password: z.boolean().default(false),
    })
    .default({ min: 10_000, max: null, unit: null, delay_seconds: 30, require_exchange_password: false }),
  exchange: z
    .object({
      min: z.number().int().min(1).default(10_000),
      max: z.number().int().min(1).nullable().default(null),
      unit: z.number().int().min(1).nullable().default(10_000),
      /** One exchange request per this many minutes (spec: one per 3 hours). */
      interval_minutes: z.number().int().min(0).max(10_080).default(180),
      daily_count: z.number().int().min(1).nullable().default(null),
      /** Local times (HH:MM) between which exchange is refused (bank network check). */
      blackout_start: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .default('23:30'),
      blackout_end: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .default('00:30'),
    })
    .default({ min: 10_000, max: null, unit: 10_000, interval_minutes: 180, daily_count: null, blackout_start: '23:30', blackout_end: '00:30' }),
  /**
   * Bonus points on an approved charge, as a percentage of the amount (first of the local day, or
   * every other one). `digits` is the spec's digit option: the percentages' decimal places, 1 or 2
   * (decision 039); a percentage with more places than the option is refused when saved.
   */
  charge_points: z
    .object({
      first_percent: z.number().min(0).max(100).default(5),
      each_percent: z.number().min(0).max(100).default(0),
      digits: z.union([z.literal(1), z.literal(2)]).default(2),
    })
    .refine((c) => [c.first_percent, c.each_percent].every((p) => Number.isInteger(Math.round(p * 10 ** c.digits * 1e6) / 1e6)), {
      message: 'A percentage has more decimal places than the digit option allows.',
      path: ['digits'],
    })
    .default({ first_percent: 5, each_percent: 0, digits: 2 }),
  point_conversion: z.object({ min: z.number().int().min(1).default(1_000), unit: z.number().int().min(1).default(100) }).default({ min: 1_000, unit: 100 }),
  egg_min_level: z.number().int().min(1).max(7).default(1),
  /** Where members send charges: a temporary account until they reach the level or charged total, then a permanent one. */
  deposit_account: z
    .object({
      temporary: z.object({ bank_name: z.string(), bank_account: z.string(), holder: z.string() }),
      permanent: z.object({ bank_name: z.string(), bank_account: z.string(), holder: z.string() }),
      permanent_min_level: z.number().int().min(1).max(7),
      permanent_min_total: z.number().int().min(0),
    })
    .default({
      temporary: { bank_name: '국민', bank_account: '000-000-000000', holder: '(주)데모임시' },
      permanent: { bank_name: '신한', bank_account: '100-200-300400', holder: '(주)데모' },
      permanent_min_level: 3,
      permanent_min_total: 10_000,
    }),

  // ---- sports betting block settings (spec §5 "Betting rules", decision 017)
  /**
   * Bet shapes refused on every sports board. `combo_odds_threshold` is the designated odds:
   * a folder under it does not count as a folder of a combination, and a combination needs at
   * least `combo_min_count` counted folders (null threshold: every folder counts).
   */
  sports_block: z
    .object({
      single_banned: z.boolean().default(false),
      two_folder_banned: z.boolean().default(false),
      /** Combinations of three or more folders. */
      multi_folder_banned: z.boolean().default(false),
      /** Two outcomes of one market in one slip (both sides). */
      hedge_banned: z.boolean().default(true),
      /** Domestic boards: selections of one fixture combined (European boards never allow it). */
      same_game_banned: z.boolean().default(true),
      /** First 3-pointer or first free throw combined with another selection of the same fixture. */
      special_combo_banned: z.boolean().default(true),
      max_folders: z.number().int().min(1).max(20).default(10),
      combo_odds_threshold: z.number().min(1).max(100).nullable().default(null),
      combo_min_count: z.number().int().min(1).max(20).default(2),
    })
    .default({
      single_banned: false,
      two_folder_banned: false,
      multi_folder_banned: false,
      hedge_banned: true,
      same_game_banned: true,
      special_combo_banned: true,
      max_folders: 10,
      combo_odds_threshold: null,
      combo_min_count: 2,
    }),
  /** Sports bets at or above this stake are listed as high-value bets in the back office (won). */
  high_bet_amount: z.number().int().min(0).max(1e15).default(1_000_000),
  /**
   * Cash-out of open sports bets (decision 048): whether members are offered it, and the house's
   * margin taken off the fair value, in percent with at most two decimals (5 = 5 %).
   */
  cashout: z
    .object({
      enabled: z.boolean().default(true),
      margin_percent: z
        .number()
        .min(0)
        .max(50)
        .refine((p) => Number.isInteger(Math.round(p * 100 * 1e6) / 1e6), 'at most two decimals')
        .default(5),
    })
    .default({ enabled: true, margin_percent: 5 }),

  // ---- back-office presentation (issue 19, decision 039): read by the admin shell call
  /** The admin back office's skin (the partner site's is `agent_theme`). */
  admin_skin: z.enum(['A', 'B']).default('A'),
  /** The admin back office in dark colours (the partner site keeps its per-browser agent_darkmode). */
  admin_dark_mode: z.boolean().default(false),
  /** The cash desk prints a receipt for each approved charge or exchange. */
  receipt_printer: z.boolean().default(false),
  /** The sound the admin back office plays on a new charge request, exchange request or inquiry; null: none. */
  sound: z
    .object({ deposit: soundUrl.nullable(), withdrawal: soundUrl.nullable(), inquiry: soundUrl.nullable() })
    .default({ deposit: null, withdrawal: null, inquiry: null }),

  // ---- site admin (issue 19, decision 040): read by members' codes and the site module
  /** A new recommendation code's validity in minutes (spec §9 options) unless the admin picks another. */
  recommend_code_validity_minutes: z.number().int().refine(isRecommendValidity, 'must be one of the validity options').default(1_440),
  /** The domain guide the member site shows with the configured domains. */
  domain_guide: z.string().max(5000).default(''),

  // ---- betting money rules (issue 19, decision 043)
  /**
   * Empty betting (공배팅): a bet no deposit of the member's backs. When `blocked`, a member whose
   * approved charges add up to less than `min_deposit_total` won may not bet: money that came only
   * from points (signup, attendance, comments, charge bonuses) or grants does not count.
   */
  empty_betting: z
    .object({ blocked: z.boolean().default(false), min_deposit_total: z.number().int().min(1).max(1e15).default(10_000) })
    .default({ blocked: false, min_deposit_total: 10_000 }),
  /**
   * The most charge-bonus points one approved charge pays, per the game type the member charged
   * for (null: no cap). A charge without a game type takes the smallest cap set.
   */
  max_payout_points: z
    .object({ sports: pointCap, minigame: pointCap, casino: pointCap, slot: pointCap })
    .default({ sports: null, minigame: null, casino: null, slot: null }),

  // ---- player protection (issue 23, decision 058)
  /** Minutes of session time between reality checks on the member site; 0 = off. */
  reality_check_minutes: z.number().int().min(0).max(1440).default(60),
  /** The youngest age (whole years, operator's local day) at which a person may join; 19 in Korea. */
  minimum_age: z.number().int().min(18).max(30).default(19),
  /** Exchange (withdrawal) requests are refused until an admin has set the member's identity to verified. */
  withdrawals_require_verified_identity: z.boolean().default(false),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];
