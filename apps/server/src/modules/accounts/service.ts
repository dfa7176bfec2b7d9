import type { MemberStatus, NewAccountBody, RollingJson } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import type { Actor } from '../../platform/http.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { isInSubtree } from '../agents/index.ts';
import { ACTIVE_STATUSES, assertAllowed, insertUserRow, lockMember } from '../members/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { assertRatesAboveChildren, assertRatesWithinParent, exactRolling, isLowerRole, withSupportDefaults } from './rules.ts';
import { nextStatus, type StateAction } from './states.ts';

export type NewAccount = NewAccountBody & { state?: MemberStatus };
type Creator = Actor<'agent'> | Actor<'admin'>;
type UserRow = NonNullable<Awaited<ReturnType<typeof lockMember>>>;
type LockedRow = Awaited<ReturnType<typeof repo.lockUsers>>[number];

/**
 * The one account service (issues 18 and 19, decision 028): an agent creates in its own subtree,
 * an admin anywhere and in any state. Hashing runs before the transaction; inside it the parent's
 * member lock is taken first, so its status, restrictions and rates cannot change between the
 * checks and the insert (a rate change of the parent locks the same row).
 */
export async function createAccount(deps: Deps, actor: Creator, input: NewAccount) {
  const rolling = exactRolling(input.rolling_json);
  const byAgent = actor.type === 'agent';
  const settings = await getSettings(deps.db);
  if (byAgent && input.role !== 'user' && !settings.agents_can_create_lower) throw forbidden('Agents may not create lower agents.', 'agent_creation_disabled');
  const [passwordHash, exchangeHash] = await Promise.all([
    hashPassword(input.password),
    input.bankPassword ? hashPassword(input.bankPassword) : Promise.resolve(null),
  ]);
  try {
    return await deps.db.tx(async (sql) => {
      if (byAgent) await assertMayManage(sql, actor.id);
      const parentId = await parentIdOf(sql, actor, input);
      const parent = parentId === null ? null : await lockMember(sql, parentId);
      if (parentId !== null && !parent) throw notFound('The parent agent does not exist.', 'parent_not_found');
      checkPlacement(parent, input.role, byAgent);
      // Support rates left blank take the site's support_rate, within the parent's (decision 043).
      withSupportDefaults(rolling, input.rolling_json, settings.support_rate, parent?.rolling_json ?? null);
      if (parent) assertRatesWithinParent(parent.rolling_json, rolling);
      const taken = await repo.namesTaken(sql, input.account, input.nickname);
      if (taken.account) throw conflict('This ID is already in use.', 'account_taken');
      if (taken.nickname) throw conflict('This nickname is already in use.', 'nickname_taken');
      if (input.bankName && !(await repo.bankAllowed(sql, input.bankName, !byAgent)))
        throw badRequest('Please choose a bank from the list.', 'bankName', 'bank_unknown');
      const status: MemberStatus = byAgent ? 'pending' : (input.state ?? 'pending');
      const id = await insertUserRow(sql, {
        account: input.account,
        passwordHash,
        nickname: input.nickname,
        name: input.bankAccountHolder ?? null,
        phone: input.phone ?? null,
        role: input.role,
        parentId,
        level: input.level,
        status,
        referralCode: input.account,
        bankName: input.bankName ?? null,
        bankAccount: input.bankAccount?.replace(/-/g, '') ?? null,
        bankHolder: input.bankAccountHolder ?? null,
        exchangePasswordHash: exchangeHash,
        rollingJson: rolling,
        at: deps.clock.now(),
      });
      await writeAudit(sql, deps.clock, {
        actor,
        action: 'account.create',
        target: `user:${id}`,
        after: { account: input.account, role: input.role, parent_id: parentId?.toString() ?? null, status, level: input.level, rolling_json: rolling },
      });
      return { id, account: input.account, code: input.account, status };
    });
  } catch (e) {
    throw uniqueAsConflict(e);
  }
}

/**
 * The parent: by its code, else the creating agent itself. An agent reaches only its own subtree,
 * and a code outside it answers as an unknown one (ids and codes of other trees stay unseen).
 */
async function parentIdOf(sql: Sql, actor: Creator, input: NewAccount): Promise<bigint | null> {
  if (actor.type === 'admin') {
    if (!input.parent_code) return null;
    const id = await repo.idByCode(sql, input.parent_code);
    if (id === null) throw notFound('The parent agent does not exist.', 'parent_not_found');
    return id;
  }
  if (!input.parent_code) return actor.id;
  const id = await repo.idByCode(sql, input.parent_code);
  if (id === null || !(await isInSubtree(sql, actor.id, id))) throw notFound('The member is not in your downline.', 'not_in_subtree');
  return id;
}

/** Tier and state rules of the new account's place in the tree. */
function checkPlacement(parent: UserRow | null | undefined, role: string, byAgent: boolean) {
  if (!parent) {
    // Only an admin creates a root, and only a top HQ is a root.
    if (role !== 'top_hq') throw badRequest('Choose the parent agent.', 'parent_code', 'parent_required');
    return;
  }
  if (!isLowerRole(parent.role, role)) throw conflict('The new account must be of a lower tier than its parent.', 'role_not_lower');
  // An admin may place under a pending or stopped agent (setting a tree up); an agent may not.
  if (byAgent && !ACTIVE_STATUSES.has(parent.status)) throw conflict('The parent agent is not active.', 'parent_inactive');
}

/** The agent's own `lower_creation` restriction blocks creating and managing lower accounts (spec §5 "Other"), refused as every restriction is. */
export const assertMayManage = (sql: Sql, agentId: bigint) => assertAllowed(sql, agentId, 'lower_creation');

/** A concurrent create that passed the name check loses at the unique index: the same 409. */
function uniqueAsConflict(e: unknown) {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code !== '23505') return e;
  const which = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (which.includes('nickname')) return conflict('This nickname is already in use.', 'nickname_taken');
  return conflict('This ID is already in use.', 'account_taken');
}

// ---- approve and stop (spec §4 "Agent: approved or stopped", §6 "approve or stop agents")

/**
 * An agent approves or stops an account strictly below it, under the account's member lock; the
 * rules are `nextStatus` (states.ts), shared with the bulk actions.
 */
export async function setLowerState(deps: Deps, actor: Actor<'agent'>, userId: bigint, action: StateAction) {
  const settings = await getSettings(deps.db);
  return deps.db.tx(async (sql) => {
    await assertMayManage(sql, actor.id);
    if (userId === actor.id || !(await isInSubtree(sql, actor.id, userId))) throw notFound('The member is not in your downline.', 'not_in_subtree');
    const target = await lockMember(sql, userId);
    if (!target) throw notFound('The member is not in your downline.', 'not_in_subtree');
    const next = nextStatus(target, action, settings.partner_signup);
    await repo.setStatus(sql, userId, next, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: `account.${action}`,
      target: `user:${userId}`,
      before: { status: target.status },
      after: { status: next },
    });
    return next;
  });
}

// ---- rate changes (issue 18: "checked on create and on every change")

/**
 * Changes an account's rolling rates: the keys given replace the stored ones, the rest stay. An
 * agent changes only accounts strictly below it; an admin any. The new rates must not exceed the
 * parent's nor fall below any direct child's. The target's and its parent's member locks are
 * taken in ascending id order (a create under the target, or a child's own rate change, locks the
 * same rows), so no concurrent change slips between the check and the write.
 */
export async function updateRates(deps: Deps, actor: Creator, userId: bigint, input: NewAccountBody['rolling_json']) {
  const parsed = exactRolling(input);
  return deps.db.tx(async (sql) => {
    if (actor.type === 'agent') {
      await assertMayManage(sql, actor.id);
      if (userId === actor.id || !(await isInSubtree(sql, actor.id, userId))) throw notFound('The member is not in your downline.', 'not_in_subtree');
    }
    const { target, parent } = await lockWithParent(sql, userId);
    const before = target.rolling_json as RollingJson;
    const next = { ...before } as RollingJson;
    for (const key of Object.keys(input) as (keyof RollingJson)[]) next[key] = parsed[key] ?? 0;
    if (parent) assertRatesWithinParent(parent.rolling_json, next);
    assertRatesAboveChildren(await repo.childRates(sql, userId), next);
    await repo.setRolling(sql, userId, next, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'account.rates',
      target: `user:${userId}`,
      before: { rolling_json: before },
      after: { rolling_json: next },
    });
    return next;
  });
}

/**
 * Locks the account and its parent in ascending id order (the member-lock order). The parent is
 * read first without a lock; once the account is locked no move can change it (a move locks the
 * moved subtree), so a parent that changed in between is simply read again.
 */
async function lockWithParent(sql: Sql, userId: bigint): Promise<{ target: LockedRow; parent: LockedRow | undefined }> {
  for (;;) {
    const parentId = await repo.parentIdOf(sql, userId);
    if (parentId === undefined) throw notFound('Member not found.', 'member_not_found');
    const ids = parentId === null ? [userId] : [userId, parentId];
    const rows = await repo.lockUsers(sql, ids);
    const target = rows.find((r) => BigInt(r.id) === userId);
    if (!target) throw notFound('Member not found.', 'member_not_found');
    const now = target.parent_id === null ? null : BigInt(target.parent_id);
    if (now === parentId) return { target, parent: rows.find((r) => parentId !== null && BigInt(r.id) === parentId) };
  }
}
