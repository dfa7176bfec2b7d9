import { z } from 'zod';
import { moneyString } from './common.ts';
import { OPERATING_CURRENCIES, RESTRICTIONS } from './constants.ts';

export const rollingJson = z.object({
  casino_percent: z.number(),
  casino_win_percent: z.number(),
  casino_lose_percent: z.number(),
  slot_percent: z.number(),
  sports_single_percent: z.number(),
  sports_percent: z.number(),
  minigame_percent: z.number(),
  minigame_multiple_percent: z.number(),
  powerball_single_percent: z.number(),
  powerball_multiple_percent: z.number(),
  incentive: z.number(),
  bank_incentive: z.number(),
  powerball_incentive: z.number(),
  casino_incentive: z.number(),
  slot_incentive: z.number(),
  sports_incentive: z.number(),
  minigame_incentive: z.number(),
  /**
   * The support rate per game type (decision 043): a percent of the valid stake of casino and slot
   * bets with outside vendors. Optional: accounts stored before it have none (read as 0).
   */
  support_casino_percent: z.number().optional(),
  support_slot_percent: z.number().optional(),
});
export type RollingJson = z.infer<typeof rollingJson>;

export const roleSetting = z.object({
  isOpenLosing: z.boolean(),
  isOpenPartnerPage: z.boolean(),
  isOpenUserPage: z.boolean(),
});

export const solutionFlags = {
  use_casino: z.boolean(),
  use_slot: z.boolean(),
  use_sports: z.boolean(),
  use_minigame: z.boolean(),
};

/** Login info for a player (spec §3). */
export const playerLoginInfo = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  level: z.number(),
  money: moneyString,
  point: moneyString,
  egg: moneyString,
  balance: moneyString,
  role: z.string(),
  role_setting: roleSetting,
  settings_json: z.object({ visibled_partner: z.number() }),
  ...solutionFlags,
  rolling_json: rollingJson,
  unread_message_total: z.number(),
  unread_reply_total: z.number(),
  agent_theme: z.enum(['A', 'B']),
  language: z.string(),
  /** The registered payout account: the depositor name must match the holder (spec §5). */
  bank_name: z.string().nullable(),
  bank_account_masked: z.string().nullable(),
  bank_holder: z.string().nullable(),
  /** Activities switched off for this member, so screens can say so before a refusal. */
  restrictions: z.array(z.enum(RESTRICTIONS)),
});
export type PlayerLoginInfo = z.infer<typeof playerLoginInfo>;

/** Login info for an agent (spec §3). */
export const agentLoginInfo = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  role: z.string(),
  propirty: z.number(),
  role_setting: z.object({ isOpenPartnerPage: z.boolean(), isOpenLosing: z.boolean() }),
  settings_json: z.object({ visibled_partner: z.number() }),
  point: moneyString,
  money: moneyString,
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_account_holder: z.string().nullable(),
  new_message_total: z.number(),
  /** Answered inquiries the agent has not opened yet (the shell sends it to /pa-customer). */
  unread_reply_total: z.number(),
  agent_theme: z.enum(['A', 'B']),
});
export type AgentLoginInfo = z.infer<typeof agentLoginInfo>;

export const adminLoginInfo = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
});
export type AdminLoginInfo = z.infer<typeof adminLoginInfo>;

const inspection = z.object({ is_disabled: z.boolean(), memo: z.string() });

export const noticeItem = z.object({ id: z.number(), subject: z.string(), created_at: z.string() });
export const popupItem = z.object({
  id: z.number(),
  name: z.string(),
  image_src: z.string().nullable(),
  content: z.string(),
  disabled: z.number(),
});
export const eventItem = z.object({ id: z.number(), subject: z.string(), thumbnail: z.string().nullable(), created_at: z.string() });
export const bannerItem = z.object({ id: z.number(), title: z.string(), image_src: z.string(), link: z.string().nullable() });

/**
 * System context (spec §3). `inspection.is_disabled === true` means the site is under
 * maintenance (the spec's wording: "when system inspection is disabled").
 */
export const systemContext = z.object({
  inspection,
  agent_inspection: inspection,
  is_seamless: z.boolean(),
  use_user_join: z.boolean(),
  use_exchange_password: z.boolean(),
  ...solutionFlags,
  loaded: z.boolean(),
  /** The site's operating currency: every amount is shown in it, whatever the language. */
  currency: z.enum(OPERATING_CURRENCIES),
  /** The operating time zone as minutes east of UTC (KST +540): every date a person sees is written in it. */
  timezone_offset_minutes: z.number().int(),
  money: moneyString,
  unread_reply_total: z.number(),
  unread_message_total: z.number(),
  notices: z.array(noticeItem),
  popups: z.array(popupItem),
  events: z.array(eventItem),
  banners: z.array(bannerItem),
  server_time: z.string(),
});
export type SystemContext = z.infer<typeof systemContext>;
