import { z } from 'zod';
import { moneyString, text } from './common.ts';
import { BET_STATUSES, MEMBER_STATUSES } from './constants.ts';
import { betRow } from './calls-betting.ts';
import { bankRequest } from './calls-banking.ts';
import { casinoHistoryRow } from './calls-casino.ts';

const userId = z.number().int().positive();
const dateOnly = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const skip = z.number().int().min(0).max(1_000_000).default(0);
/** A day range in the operator's time zone; both absent is today. */
const range = { startedAt: dateOnly.optional(), endedAt: dateOnly.optional() };

/** Spec §3 "Member or agent": the fields the platform keeps, as an agent sees one of its subtree. */
export const memberDetail = z.object({
  id: z.number(),
  /** In a time-out or self-exclusion now (decision 057): shown as a status word, never why nor until when. */
  excluded: z.boolean(),
  account: z.string(),
  nickname: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  referral_code: z.string().nullable(),
  parent_account: z.string().nullable(),
  /** Spec "partner type": the tier name (`user` for a member). */
  role: z.string(),
  level: z.number(),
  status: z.enum(MEMBER_STATUSES),
  money: moneyString,
  point: moneyString,
  egg: moneyString,
  casino: moneyString,
  bank_name: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_holder: z.string().nullable(),
  /** Whether an exchange password is set; the password itself is never sent. */
  has_exchange_password: z.boolean(),
  nickname_color: z.string().nullable(),
  ip: z.string().nullable(),
  join_ip: z.string().nullable(),
  device: z.string().nullable(),
  country: z.string().nullable(),
  domain: z.string().nullable(),
  /** Connection state: a live session right now. */
  online: z.boolean(),
  birth_date: z.string().nullable(),
  visit_count: z.number(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  /** The last approved charge. */
  last_charge_at: z.string().nullable(),
  /** Rolling and losing rates per game type (spec "Rolling_json"), and their sum. */
  rates: z.record(z.string(), z.union([z.number(), z.string()])),
  rate_sum: z.string(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const LEDGER_ASSETS = ['money', 'point', 'egg', 'casino'] as const;

/** One posting on the member's balance: what moved it and the balance around it. */
export const ledgerLine = z.object({
  id: z.number(),
  kind: z.string(),
  memo: z.string().nullable(),
  amount: moneyString,
  balance_before: moneyString,
  balance_after: moneyString,
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLine>;

export const sessionLine = z.object({
  id: z.number(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  country: z.string().nullable(),
  domain: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** Live now (not revoked, not expired). */
  live: z.boolean(),
  revoked_reason: z.string().nullable(),
});
export type SessionLine = z.infer<typeof sessionLine>;

/** The game families whose bets are read from `bets` (casino and slot rounds come from the casino wallet). */
export const LOG_GAME_TYPES = ['sports', 'minigame'] as const;

/** A bet of the agent's subtree, with the member's account. */
export const agentBetRow = betRow.extend({ user_id: z.number(), account: z.string() });
export type AgentBetRow = z.infer<typeof agentBetRow>;

const betsAnswer = z.object({
  rows: z.array(agentBetRow),
  total: z.number(),
  totals: z.object({ amount: moneyString, win_amount: moneyString, profit: moneyString, count: z.number() }),
});

/**
 * An agent's reads of one member or agent of its own subtree (spec §2 /pa-user-detail, issue 18,
 * decision 034), and the game logs of its whole subtree (/pa-game-sports, /pa-game-minigame).
 * Every call answers 404 `not_in_subtree` for an id outside the caller's subtree, whether it exists or not.
 * The member's casino and slot rounds are `/api/agent/casino/history` with its `account`.
 */
export const agentDetailCalls = {
  '/api/agent/user/detail': { body: z.object({ user_id: userId }), data: z.object({ user: memberDetail }) },
  /** The member's postings on one asset, newest first, 20 a page. */
  '/api/agent/user/detail/ledger': {
    body: z.object({ user_id: userId, asset: z.enum(LEDGER_ASSETS).default('money'), ...range, skip }),
    data: z.object({ rows: z.array(ledgerLine), total: z.number() }),
  },
  /** The member's sports or mini-game bets, newest first, 20 a page, with totals. */
  '/api/agent/user/detail/bets': {
    body: z.object({ user_id: userId, game_type: z.enum(LOG_GAME_TYPES), status: z.enum(BET_STATUSES).optional(), ...range, skip }),
    data: betsAnswer,
  },
  /** The member's charge or exchange requests, newest first, 10 a page (the banking read). */
  '/api/agent/user/detail/bank': {
    body: z.object({ user_id: userId, type: z.enum(['charge', 'exchange']), ...range, skip }),
    data: z.object({ rows: z.array(bankRequest), total: z.number() }),
  },
  /** The member's sign-ins, newest first, 20 a page. */
  '/api/agent/user/detail/sessions': {
    body: z.object({ user_id: userId, skip }),
    data: z.object({ rows: z.array(sessionLine), total: z.number() }),
  },
  /** /pa-game-sports and /pa-game-minigame: the subtree's bets of one family, 20 a page, with totals. */
  '/api/agent/game/logs': {
    body: z.object({
      game_type: z.enum(LOG_GAME_TYPES),
      /** One member's account (exact). */
      account: text.trim().min(1).max(60).optional(),
      status: z.enum(BET_STATUSES).optional(),
      ...range,
      skip,
    }),
    data: betsAnswer,
  },
  /**
   * /pa-casino-detail: one casino or slot round of the subtree (the `id` of its history row) and
   * the bet the round placed, with its settlement.
   */
  '/api/agent/casino/detail': {
    body: z.object({ id: z.number().int().positive() }),
    data: z.object({ round: casinoHistoryRow, bet: betRow.nullable() }),
  },
};
