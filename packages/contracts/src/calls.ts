import { z } from 'zod';
import { account, device, emptyBody, language, moneyString, nickname, path, signedAmount, storableJson, text } from './common.ts';
import { adminLoginInfo, agentLoginInfo, playerLoginInfo, systemContext } from './context.ts';
import { betFigures, deskFigures } from './calls-statistics.ts';
import { MEMBER_STATUSES, RESTRICTIONS } from './common.ts';
import { bankingCalls } from './calls-banking.ts';
import { communityCalls } from './calls-community.ts';
import { responsibleCalls } from './calls-responsible.ts';
import { protectionCalls } from './calls-protection.ts';
import { protectionReportCalls } from './calls-protection-reports.ts';
import { memberLimitCalls } from './calls-member-limits.ts';
import { bettingCalls } from './calls-betting.ts';
import { accountCalls, smsCode } from './calls-account.ts';
import { sportsCalls } from './calls-sports.ts';
import { sportsBetCalls } from './calls-sports-bets.ts';
import { sportsAdminCalls } from './calls-sports-admin.ts';
import { sportsHomeCalls } from './calls-sports-home.ts';
import { GAME_KEY, gameSettingsSchema } from './game-settings.ts';
import { minigameCalls } from './calls-games.ts';
import { casinoCalls } from './calls-casino.ts';
import { houseCalls } from './calls-house.ts';
import { casinoAdminCalls } from './calls-casino-admin.ts';
import { agentDownlineCalls, agentTreeCalls } from './calls-agents.ts';
import { agentMoneyCalls } from './calls-agent-money.ts';
import { agentDeskCalls } from './calls-agent-desk.ts';
import { newAccountCalls } from './calls-accounts.ts';
import { losingCalls } from './calls-losing.ts';
import { agentBulkCalls } from './calls-agent-bulk.ts';
import { agentDetailCalls } from './calls-agent-detail.ts';
import { adminMemberCalls } from './calls-admin-members.ts';
import { adminTreeCalls } from './calls-tree.ts';
import { adminRecordsCalls } from './calls-admin-records.ts';
import { agentStarCalls } from './calls-star.ts';
import { adminStatisticsCalls, agentStatisticsCalls } from './calls-statistics.ts';
import { adminSiteCalls } from './calls-admin-site.ts';
import { adminRoleCalls } from './calls-admin-roles.ts';
import { adminContentCalls } from './calls-admin-content.ts';
import { adminSettingsCalls } from './calls-admin-settings.ts';
import { otpCode, twoFactorCalls } from './calls-two-factor.ts';

const ok = z.object({ ok: z.literal(true) });
const phoneDigits = z
  .string()
  .transform((v) => v.replace(/-/g, ''))
  .pipe(z.string().regex(/^01\d{8,9}$/, 'must be a mobile number such as 010-1234-5678'));

/** `otp`: the one-time code (or a recovery code) of an admin or agent with two-factor login (decision 050). */
export const loginBody = z.object({ account: text.trim().min(1).max(30), password: text.min(1).max(100), device, otp: otpCode.optional() });
export const joinBody = z.object({
  account,
  password: text.min(4).max(100).regex(/^\d+$/, 'digits only'),
  nickname,
  phone_number: phoneDigits,
  sms_key: text.min(1).max(100),
  sms_number: smsCode,
  bank_account_holder: text.trim().min(1).max(40),
  bank_name: text.trim().min(1).max(40),
  bank_account: text.trim().regex(/^[\d-]{6,30}$/, 'digits only'),
  bank_password: text.regex(/^\d{1,4}$/, 'numeric, at most 4 digits'),
  code: text.trim().min(1).max(40),
  device,
  /** Date of birth (YYYY-MM-DD): players must be adults (19 in Korea). */
  birth_date: text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
});

/**
 * The call table (spec §7 plus the admin calls this platform needs). Keys are the full HTTP
 * paths; every call is POST with a JSON body. The web client and the server both read this.
 */
export const foundationCalls = {
  // ---- shared
  '/api/setLanguage': { body: z.object({ language }), data: z.object({ language }) },

  // ---- player (/api/user…)
  '/api/user/login': { body: loginBody, data: z.object({ token: z.string(), user: playerLoginInfo }) },
  '/api/user/join': { body: joinBody, data: z.object({ message: z.enum(['join_complete', 'join_pending']), status: z.enum(MEMBER_STATUSES) }) },
  '/api/user/join/checkAccount': { body: z.object({ account }), data: z.object({ checked: z.boolean() }) },
  '/api/user/join/checkNickname': { body: z.object({ nickname }), data: z.object({ checked: z.boolean() }) },
  '/api/user/join/sendSms': { body: z.object({ phone_number: phoneDigits }), data: z.object({ sms_key: z.string() }) },
  '/api/user/join/checkSms': {
    body: z.object({ sms_key: text.min(1).max(100), number: smsCode }),
    data: z.object({ verified: z.literal(true) }),
  },
  '/api/user/logout': { body: emptyBody, data: ok },
  '/api/user/refresh': { body: emptyBody, data: z.object({ token: z.string() }) },
  '/api/user/getContext': {
    body: z.object({ path }).partial().optional(),
    data: z.object({ context: systemContext, user: playerLoginInfo.nullable() }),
  },
  '/api/user/browse': { body: z.object({ path }).partial().optional(), data: ok },
  '/api/user/updateSession': { body: z.object({ path }).partial().optional(), data: z.object({ expires_at: z.string() }) },

  // ---- agent (/api/agent…)
  /** `two_factor_pending`: the session may only enrol a second factor (the setting obliges this agent). */
  '/api/agent/login': { body: loginBody, data: z.object({ token: z.string(), agent: agentLoginInfo, two_factor_pending: z.boolean() }) },
  '/api/agent/logout': { body: emptyBody, data: ok },
  '/api/agent/refresh': { body: emptyBody, data: z.object({ token: z.string() }) },
  '/api/agent/getContext': {
    body: z.object({ path }).partial().optional(),
    data: z.object({ context: systemContext, agent: agentLoginInfo.nullable(), two_factor_pending: z.boolean().optional() }),
  },
  '/api/agent/browse': { body: z.object({ path }).partial().optional(), data: ok },
  '/api/agent/updateSession': { body: z.object({ path }).partial().optional(), data: z.object({ expires_at: z.string() }) },
  '/api/agent/getAgentInfo': { body: emptyBody, data: agentLoginInfo },
  '/api/agent/user/getRoles': {
    body: emptyBody,
    data: z.object({ roles: z.array(z.object({ name: z.string(), propirty: z.number() })) }),
  },

  // ---- admin (/api/admin…)
  /** `two_factor_pending`: an admin without a second factor; the session may only enrol one. */
  '/api/admin/login': { body: loginBody, data: z.object({ token: z.string(), admin: adminLoginInfo, two_factor_pending: z.boolean() }) },
  '/api/admin/logout': { body: emptyBody, data: ok },
  '/api/admin/getContext': {
    body: z.object({ path }).partial().optional(),
    data: z.object({ context: systemContext, admin: adminLoginInfo.nullable(), two_factor_pending: z.boolean().optional() }),
  },
  '/api/admin/updateSession': { body: emptyBody, data: z.object({ expires_at: z.string() }) },
  '/api/admin/dashboard': {
    body: emptyBody,
    data: z.object({
      members: z.number(),
      agents: z.number(),
      online: z.number(),
      money_total: moneyString,
      point_total: moneyString,
      pending_members: z.number(),
      /** The site's figures of today (KST day): deposits, withdrawals, settled bets, profit and loss. */
      today: z.object({
        day: z.string(),
        ...betFigures.pick({ bet_count: true, bet_amount: true, win_amount: true, betting_pl: true }).shape,
        ...deskFigures.pick({ charge_count: true, charge_amount: true, exchange_count: true, exchange_amount: true, deposit_pl: true }).shape,
      }),
    }),
  },
  '/api/admin/session/list': {
    body: z.object({ audience: z.enum(['user', 'agent', 'admin']).optional() }).optional(),
    data: z.object({
      sessions: z.array(
        z.object({
          id: z.number(),
          audience: z.string(),
          subject_id: z.number(),
          account: z.string(),
          device: z.string().nullable(),
          ip: z.string().nullable(),
          country: z.string().nullable(),
          domain: z.string().nullable(),
          created_at: z.string(),
          last_seen_at: z.string(),
        }),
      ),
    }),
  },
  '/api/admin/session/forceLogout': { body: z.object({ session_id: z.number().int().positive() }), data: ok },
  '/api/admin/ip/list': {
    body: z.object({ kind: z.enum(['admin_allow', 'block']) }),
    data: z.object({ ips: z.array(z.object({ id: z.number(), ip: z.string(), memo: z.string().nullable(), created_at: z.string() })) }),
  },
  '/api/admin/ip/add': {
    body: z.object({ kind: z.enum(['admin_allow', 'block']), ip: text.trim().min(2).max(64), memo: text.max(200).optional() }),
    data: z.object({ id: z.number() }),
  },
  '/api/admin/ip/remove': { body: z.object({ id: z.number().int().positive() }), data: ok },
  '/api/admin/settings/get': { body: emptyBody, data: z.object({ settings: z.record(z.string(), z.unknown()) }) },
  '/api/admin/settings/update': {
    body: z.object({ settings: z.record(text.max(64), storableJson) }),
    data: z.object({ settings: z.record(z.string(), z.unknown()) }),
  },
  '/api/admin/game-settings/list': {
    body: emptyBody,
    data: z.object({ games: z.array(z.object({ game: z.string(), settings: gameSettingsSchema, updated_at: z.string() })) }),
  },
  '/api/admin/game-settings/get': { body: z.object({ game: text.regex(GAME_KEY, 'must be a game key') }), data: z.object({ settings: gameSettingsSchema }) },
  '/api/admin/game-settings/update': {
    body: z.object({ game: text.regex(GAME_KEY, 'must be a game key'), settings: z.record(text.max(64), storableJson) }),
    data: z.object({ settings: gameSettingsSchema }),
  },
  '/api/admin/member/list': {
    body: z
      .object({
        status: z.enum(MEMBER_STATUSES).optional(),
        role: z.enum(['user', 'agent']).optional(),
        search: text.trim().max(40).optional(),
        skip: z.number().int().min(0).default(0),
      })
      .optional(),
    data: z.object({
      rows: z.array(
        z.object({
          id: z.number(),
          account: z.string(),
          nickname: z.string(),
          name: z.string().nullable(),
          role: z.string(),
          level: z.number(),
          status: z.string(),
          parent_account: z.string().nullable(),
          money: moneyString,
          point: moneyString,
          join_ip: z.string().nullable(),
          created_at: z.string(),
          last_login_at: z.string().nullable(),
          restrictions: z.array(z.enum(RESTRICTIONS)),
        }),
      ),
      total: z.number(),
    }),
  },
  '/api/admin/member/setRestrictions': {
    body: z.object({ user_id: z.number().int().positive(), restrictions: z.partialRecord(z.enum(RESTRICTIONS), z.boolean()) }),
    data: z.object({ restrictions: z.array(z.enum(RESTRICTIONS)) }),
  },
  /** An agent's partner-site access (settings_json.visibled_partner): 1 open, 0 blocked (sent to the member site), -2 closed. */
  '/api/admin/member/setPartnerAccess': {
    body: z.object({ user_id: z.number().int().positive(), visibled_partner: z.union([z.literal(1), z.literal(0), z.literal(-2)]) }),
    data: z.object({ visibled_partner: z.number() }),
  },
  '/api/admin/member/setStatus': {
    body: z.object({ user_id: z.number().int().positive(), status: z.enum(MEMBER_STATUSES), memo: text.max(500).optional() }),
    data: ok,
  },
  '/api/admin/audit/list': {
    body: z.object({ skip: z.number().int().min(0).default(0) }).optional(),
    data: z.object({
      rows: z.array(
        z.object({
          id: z.number(),
          actor_type: z.string(),
          actor_id: z.number().nullable(),
          action: z.string(),
          target: z.string().nullable(),
          ip: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
      total: z.number(),
    }),
  },
  '/api/admin/ledger/verify': { body: emptyBody, data: z.object({ ok: z.boolean(), problems: z.array(z.string()) }) },
  '/api/admin/audit/verify': { body: emptyBody, data: z.object({ ok: z.boolean(), rows: z.number(), problems: z.array(z.string()) }) },
  '/api/admin/ledger/adjust': {
    body: z.object({
      user_id: z.number().int().positive(),
      asset: z.enum(['money', 'point', 'egg']),
      amount: signedAmount,
      memo: text.min(1).max(500),
      request_id: text.min(8).max(100),
    }),
    data: z.object({ transaction_id: z.number(), balance: moneyString }),
  },
} as const;

/** Every call of the platform: one table, merged from each area's file. */
export const calls = {
  ...foundationCalls,
  ...bankingCalls,
  ...communityCalls,
  ...responsibleCalls,
  ...protectionCalls,
  ...protectionReportCalls,
  ...memberLimitCalls,
  ...bettingCalls,
  ...accountCalls,
  ...sportsCalls,
  ...sportsBetCalls,
  ...sportsAdminCalls,
  ...sportsHomeCalls,
  ...minigameCalls,
  ...casinoCalls,
  ...houseCalls,
  ...casinoAdminCalls,
  ...agentTreeCalls,
  ...agentDownlineCalls,
  ...adminTreeCalls,
  ...adminRecordsCalls,
  ...agentStarCalls,
  ...agentMoneyCalls,
  ...agentDeskCalls,
  ...newAccountCalls,
  ...losingCalls,
  ...agentBulkCalls,
  ...agentDetailCalls,
  ...adminMemberCalls,
  ...agentStatisticsCalls,
  ...adminStatisticsCalls,
  ...adminSiteCalls,
  ...adminRoleCalls,
  ...adminContentCalls,
  ...adminSettingsCalls,
  ...twoFactorCalls,
} as const;

export type Calls = typeof calls;
export type CallPath = keyof Calls;
export type CallBody<P extends CallPath> = z.input<NonNullable<Calls[P]['body']>>;
export type CallData<P extends CallPath> = z.output<Calls[P]['data']>;
