import { z } from 'zod';
import { moneyString, nickname, text } from './common.ts';
import { MEMBER_STATUSES, RESTRICTIONS } from './constants.ts';
import { agentDetailCalls, memberDetail } from './calls-agent-detail.ts';
import { recommendCode } from './calls-admin-site.ts';

const userId = z.number().int().positive();
const skip = z.number().int().min(0).max(1_000_000).default(0);
const byUser = z.object({ user_id: userId, skip });

/** The admin's member and agent detail (spec §2 "member detail", "agent detail"; issue 19, decision 037). */
export const adminMemberDetail = z.object({
  user: memberDetail,
  parent_id: z.number().nullable(),
  restrictions: z.array(z.enum(RESTRICTIONS)),
  /** The statuses the admin may move this account to now (the one state table, accounts/states.ts). */
  next_statuses: z.array(z.enum(MEMBER_STATUSES)),
  /** Agents: the losing settlement switch (role_setting.isOpenLosing) and partner-site access (settings_json.visibled_partner). */
  is_open_losing: z.boolean(),
  visibled_partner: z.number(),
  /** Accounts directly below, at any depth, and members (role user) at any depth. */
  downline: z.object({ direct: z.number(), all: z.number(), members: z.number() }),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

export const adminNoteLine = z.object({ id: z.number(), subject: z.string(), sender: z.string(), created_at: z.string(), readed_at: z.string().nullable() });
export const adminInquiryLine = z.object({
  id: z.number(),
  subject: z.string(),
  status: z.string(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export const adminUpdateLine = z.object({
  id: z.number(),
  actor_type: z.string(),
  actor_id: z.number().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUpdateLine = z.infer<typeof adminUpdateLine>;

/** One attended day of a member (decision 040's attendance row): its streak and the bonus points paid. */
export const adminAttendanceDay = z.object({ day: z.string(), streak: z.number(), bonus: moneyString, created_at: z.string() });

/** The profile fields an admin edits (spec §3 "Member or agent"); an absent field stays, null clears it. */
export const adminProfilePatch = z.object({
  nickname: nickname.optional(),
  name: text.trim().max(40).nullable().optional(),
  phone: text
    .trim()
    .regex(/^\d{9,11}$/, 'digits only')
    .nullable()
    .optional(),
  level: z.number().int().min(1).max(7).optional(),
  nickname_color: text
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb')
    .nullable()
    .optional(),
  bank_name: text.trim().min(1).max(40).nullable().optional(),
  bank_account: text
    .trim()
    .regex(/^\d{6,30}$/, 'digits only')
    .nullable()
    .optional(),
  bank_holder: text.trim().max(40).nullable().optional(),
});

/**
 * The admin's reads and edits of one member or agent, whole-site scope. The balance history,
 * bets, charge/exchange requests and sessions are the partner detail's own reads (agents/detail.ts)
 * with the admin's scope; the status change is `/api/admin/member/setStatus`, the restrictions
 * `/api/admin/member/setRestrictions`, the grants `/api/admin/ledger/adjust`.
 */
export const adminMemberCalls = {
  '/api/admin/member/detail': { body: z.object({ user_id: userId }), data: adminMemberDetail },
  '/api/admin/member/detail/ledger': agentDetailCalls['/api/agent/user/detail/ledger'],
  '/api/admin/member/detail/bets': agentDetailCalls['/api/agent/user/detail/bets'],
  '/api/admin/member/detail/bank': agentDetailCalls['/api/agent/user/detail/bank'],
  '/api/admin/member/detail/sessions': agentDetailCalls['/api/agent/user/detail/sessions'],
  /** The member's notes (message box), newest first. */
  '/api/admin/member/detail/messages': { body: byUser, data: z.object({ rows: z.array(adminNoteLine), total: z.number() }) },
  /** The member's inquiries, newest first. */
  '/api/admin/member/detail/inquiries': { body: byUser, data: z.object({ rows: z.array(adminInquiryLine), total: z.number() }) },
  /** Update history: the audit rows whose target is this account, newest first, 20 a page. */
  '/api/admin/member/detail/updates': { body: byUser, data: z.object({ rows: z.array(adminUpdateLine), total: z.number() }) },
  /**
   * Recommendation codes of the member (decision 040): the code it joined with (null if it joined
   * with an agent's code or none), and, for an agent, the codes issued for it, newest first, 20 a page.
   */
  '/api/admin/member/detail/codes': {
    body: byUser,
    data: z.object({ joined: recommendCode.nullable(), issued: z.array(recommendCode), issued_total: z.number() }),
  },
  /** The member's attended days, newest first, 20 a page. */
  '/api/admin/member/detail/attendance': { body: byUser, data: z.object({ rows: z.array(adminAttendanceDay), total: z.number() }) },
  /** Profile and level edit, audited with the changed fields before and after. */
  '/api/admin/member/profile/update': {
    /** Changing bank details needs `reauth_token` from /api/admin/reauth (decision 050). */
    body: adminProfilePatch.extend({ user_id: userId, reauth_token: text.max(100).optional() }),
    data: z.object({ ok: z.literal(true), changed: z.array(z.string()) }),
  },
} as const;
