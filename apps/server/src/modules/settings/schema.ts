import { z } from 'zod';
import { OPERATING_CURRENCIES } from '@wager/contracts/constants';

const inspection = z.object({ is_disabled: z.boolean(), memo: z.string().max(2000) });

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
  partner_signup: z.boolean().default(false),
  users_can_change_password: z.boolean().default(true),
  agents_can_create_lower: z.boolean().default(true),
  agent_theme: z.enum(['A', 'B']).default('A'),

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
  /** Bonus points on an approved charge, as a percentage of the amount (first of the local day, or every other one). */
  charge_points: z
    .object({ first_percent: z.number().min(0).max(100).default(5), each_percent: z.number().min(0).max(100).default(0) })
    .default({ first_percent: 5, each_percent: 0 }),
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
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];
