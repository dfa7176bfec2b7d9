import { z } from 'zod';

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
  login_limit: z
    .object({
      failures_per_account: z.number().int().min(1).max(100),
      attempts_per_ip: z.number().int().min(1).max(10_000),
      window_minutes: z.number().int().min(1).max(1440),
    })
    .default({ failures_per_account: 5, attempts_per_ip: 30, window_minutes: 15 }),
  partner_signup: z.boolean().default(false),
  users_can_change_password: z.boolean().default(true),
  agents_can_create_lower: z.boolean().default(true),
  agent_theme: z.enum(['A', 'B']).default('A'),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];
