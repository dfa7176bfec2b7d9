import { RESTRICTIONS, type AdminMemberDetail, type CallBody, type MemberStatus } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import type { Actor } from '../../platform/http.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { memberDetail, pathNodes } from '../agents/index.ts';
import { listAuditOfTarget, writeAudit } from '../audit/index.ts';
import { getBalances } from '../ledger/index.ts';
import { getUser, lockMember } from '../members/index.ts';
import * as repo from './repo.ts';
import { adminNextStatus, adminTargets } from './states.ts';

// The admin's member and agent detail (spec §2, issue 19, decision 037): the partner detail's
// reads with the whole site as scope, plus what only the admin sees and changes.

/** The detail page's head: the profile read, restrictions, the moves the state table allows, switches, downline counts. */
export async function adminMemberDetail(deps: Deps, userId: bigint): Promise<AdminMemberDetail> {
  const [user, row, path] = await Promise.all([memberDetail(deps, 'site', userId), getUser(deps.db, userId), pathNodes(deps.db, userId)]);
  const node = path[path.length - 1];
  return {
    user,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    restrictions: RESTRICTIONS.filter((k) => row.restrictions[k] === true),
    next_statuses: adminTargets(row),
    is_open_losing: row.role_setting.isOpenLosing === true,
    visibled_partner: row.settings_json.visibled_partner ?? 1,
    downline: { direct: node.children, all: node.lower_count, members: node.member_count },
  };
}

/**
 * An admin moves an account's status (spec §3 "Member statuses", §4) along the one state table
 * (states.ts), under the member lock: a deposit or bet of the member waits for it, and a delete's
 * "holds no value" is read where no posting can change it. Moving to the status it has is a
 * no-op (a repeated click). A permanent delete anonymises the row and keeps it (postings refer to
 * it). Audited with the status before and after and the memo.
 */
export async function changeStatusByAdmin(deps: Deps, actor: Actor<'admin'>, userId: bigint, to: MemberStatus, memo?: string) {
  await deps.db.tx(async (sql) => {
    const u = await lockMember(sql, userId);
    if (!u) throw notFound('Member not found.', 'member_not_found');
    if (u.status === to) return;
    const holdsValue = to === 'deleted' && Object.values(await getBalances(sql, userId)).some((v) => v !== 0n);
    adminNextStatus(u, to, holdsValue);
    const at = deps.clock.now();
    if (to === 'deleted') await repo.anonymise(sql, userId, at);
    else await repo.setStatus(sql, userId, to, at);
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'member.status',
      target: `user:${userId}`,
      before: { status: u.status, ...(to === 'deleted' ? { account: u.account, nickname: u.nickname } : {}) },
      after: { status: to, memo: memo ?? null },
    });
  });
}

type ProfilePatch = Omit<CallBody<'/api/admin/member/profile/update'>, 'user_id'>;
const PROFILE_KEYS = ['nickname', 'name', 'phone', 'level', 'nickname_color', 'bank_name', 'bank_account', 'bank_holder'] as const;

/** Profile and level (spec §3 "Member or agent"); audited with the changed fields only, before and after. */
/**
 * The admin's profile edit. A change of bank details first spends the admin's re-authentication
 * proof (`reauth`, decision 050) in the same transaction, so a refused edit leaves it unspent.
 */
export async function updateProfileByAdmin(deps: Deps, actor: Actor<'admin'>, userId: bigint, patch: ProfilePatch, reauth: (sql: Sql) => Promise<void>) {
  return deps.db.tx(async (sql) => {
    const u = await lockMember(sql, userId);
    if (!u) throw notFound('Member not found.', 'member_not_found');
    if (u.status === 'deleted') throw conflict('A deleted account cannot be changed.', 'account_state_invalid', { status: u.status });
    const current: repo.ProfileFields = {
      nickname: u.nickname,
      name: u.name,
      phone: u.phone,
      level: u.level,
      nickname_color: u.nickname_color,
      bank_name: u.bank_name,
      bank_account: u.bank_account,
      bank_holder: u.bank_holder,
    };
    const next = { ...current };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const k of PROFILE_KEYS) {
      const v = patch[k];
      if (v === undefined || v === current[k]) continue;
      (next as Record<string, unknown>)[k] = v;
      before[k] = current[k];
      after[k] = v;
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return changed;
    if (changed.some((k) => k.startsWith('bank_'))) await reauth(sql);
    if (after.nickname !== undefined && (await repo.nicknameTakenByOther(sql, userId, next.nickname)))
      throw conflict('This nickname is already in use.', 'nickname_taken');
    if (after.bank_name && !(await repo.bankAllowed(sql, next.bank_name!, true)))
      throw badRequest('Please choose a bank from the list.', 'bank_name', 'bank_unknown');
    await repo.setProfile(sql, userId, next, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'member.profile', target: `user:${userId}`, before, after });
    return changed;
  });
}

/** The update history tab: the audit rows about this account. */
export async function memberUpdates(deps: Deps, userId: bigint, skip: number) {
  const r = await listAuditOfTarget(deps.db, `user:${userId}`, skip);
  return {
    total: r.total,
    rows: r.rows.map((a) => ({
      id: Number(a.id),
      actor_type: a.actor_type,
      actor_id: a.actor_id === null ? null : Number(a.actor_id),
      action: a.action,
      before: a.before ?? null,
      after: a.after ?? null,
      ip: a.ip,
      created_at: a.created_at.toISOString(),
    })),
  };
}
