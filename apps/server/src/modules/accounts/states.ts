import type { BulkAction, MemberStatus } from '@wager/contracts';
import { conflict, forbidden } from '../../platform/errors.ts';

/** What the state rules read of an account: its tier and its status. */
export type StateSubject = { role: string; status: string };
export type StateAction = 'approve' | 'stop';

/** Who may make a move: an agent (on its lower accounts, and then an admin too) or an admin only. */
type Mover = 'agent' | 'admin';

/**
 * The one state table of a member's status (spec §3 "Member statuses", §4; decisions 028, 035,
 * 037): from a status, the statuses it may move to and who may move it there. Agents approve,
 * normalise, withdraw and delete (their bulk actions); everything else is the admin's. `test` is
 * given at creation only (turning a real member into a test account would hide its money), and
 * `deleted` is the end: nothing leaves it.
 */
export const MEMBER_MOVES: Record<MemberStatus, Partial<Record<MemberStatus, Mover>>> = {
  pending: { normal_a: 'agent', normal_b: 'admin', withdrawn: 'admin', blocked: 'admin' },
  normal_a: { normal_b: 'admin', suspended: 'admin', blocked: 'admin', withdrawn: 'agent', pending: 'admin' },
  normal_b: { normal_a: 'admin', suspended: 'admin', blocked: 'admin', withdrawn: 'agent', pending: 'admin' },
  suspended: { normal_a: 'admin', normal_b: 'admin', blocked: 'admin', withdrawn: 'admin' },
  blocked: { normal_a: 'admin', normal_b: 'admin', withdrawn: 'admin' },
  withdrawn: { normal_a: 'agent', deleted: 'agent' },
  test: { suspended: 'admin', blocked: 'admin', deleted: 'agent' },
  deleted: {},
};

/**
 * An agent's states are approved or stopped (spec §4 "Agent: approved or stopped"): pending,
 * stopped (suspended) or blocked to normal, normal to stopped or blocked. An agent is never
 * withdrawn or deleted here: its subtree and its postings hang from it.
 */
export const AGENT_MOVES: Partial<Record<MemberStatus, Partial<Record<MemberStatus, Mover>>>> = {
  pending: { normal_a: 'agent', blocked: 'admin' },
  normal_a: { suspended: 'agent', blocked: 'admin' },
  normal_b: { normal_a: 'admin', suspended: 'agent', blocked: 'admin' },
  suspended: { normal_a: 'agent', blocked: 'admin' },
  blocked: { normal_a: 'admin' },
};

const isNormal = (status: string) => status === 'normal_a' || status === 'normal_b';
const invalid = (action: string, status: string) =>
  conflict(`The account cannot be changed by ${action} in its current state.`, 'account_state_invalid', { status });

const movesOf = (target: StateSubject) => (target.role === 'user' ? MEMBER_MOVES : AGENT_MOVES)[target.status as MemberStatus] ?? {};

/** The statuses an admin may move this account to (the detail page offers exactly these). */
export function adminTargets(target: StateSubject): MemberStatus[] {
  return Object.keys(movesOf(target)) as MemberStatus[];
}

/**
 * An admin's status change (spec §4, decision 037): allowed when the table has the move.
 * `holdsValue` refuses a permanent delete while the account still holds money, points, eggs or
 * casino money (reclaim it first): a deleted account can never spend or hand it back.
 */
export function adminNextStatus(target: StateSubject, to: MemberStatus, holdsValue: boolean): MemberStatus {
  if (!movesOf(target)[to])
    throw conflict('The account cannot be changed to that status in its current state.', 'account_state_invalid', { status: target.status });
  if (to === 'deleted' && holdsValue) throw conflict('The account still holds money or points; reclaim them first.', 'account_has_balance');
  return to;
}

/** Whether an agent may make this move on its lower account (the table's `agent` moves). */
const agentMay = (target: StateSubject, to: MemberStatus) => movesOf(target)[to] === 'agent';

/**
 * Approve and stop (spec §4 "Agent: approved or stopped", decision 028). Approve: a pending or
 * stopped lower agent becomes normal; a pending member becomes normal only when `partner_signup`
 * is on. Stop: a normal lower agent becomes suspended (the spec's "stopped").
 */
export function nextStatus(target: StateSubject, action: StateAction, partnerSignup: boolean): MemberStatus {
  const isAgent = target.role !== 'user';
  if (action === 'stop') {
    if (!isAgent) throw conflict('Only an agent can be stopped.', 'account_not_agent');
    if (!isNormal(target.status) || !agentMay(target, 'suspended'))
      throw conflict('The account cannot be stopped in its current state.', 'account_state_invalid', { status: target.status });
    return 'suspended';
  }
  if (!isAgent && !partnerSignup) throw forbidden('Members are approved by the operator.', 'member_approval_disabled');
  const from = isAgent ? ['pending', 'suspended'] : ['pending'];
  if (!from.includes(target.status) || !agentMay(target, 'normal_a'))
    throw conflict('The account cannot be approved in its current state.', 'account_state_invalid', { status: target.status });
  return 'normal_a';
}

/**
 * The bulk actions on selected lower accounts (spec §4, decision 035). Approve is the same rule as
 * the one-by-one approve. The others are the member's life cycle ("Member: normal or withdrawn";
 * "withdrawn members are deleted permanently or restored") and refuse agents, whose states are
 * approve and stop: normal restores a withdrawn member, withdraw ends a normal one, delete
 * removes a withdrawn member for good, delete_test a test account. Each is an `agent` move of
 * the table; `holdsValue` as for the admin's delete.
 */
/** The bulk actions that change a state (`rolling` moves money instead, decision 061). */
export type BulkStateAction = Exclude<BulkAction, 'rolling'>;

export function bulkNextStatus(target: StateSubject, action: BulkStateAction, partnerSignup: boolean, holdsValue: boolean): MemberStatus {
  if (action === 'approve') return nextStatus(target, 'approve', partnerSignup);
  if (target.role !== 'user') throw conflict('Only a member can be changed this way.', 'account_not_member');
  const to: MemberStatus = action === 'normal' ? 'normal_a' : action === 'withdraw' ? 'withdrawn' : 'deleted';
  const from = action === 'normal' || action === 'delete' ? ['withdrawn'] : action === 'delete_test' ? ['test'] : ['normal_a', 'normal_b'];
  if (!from.includes(target.status) || !agentMay(target, to)) throw invalid(action, target.status);
  if (to === 'deleted' && holdsValue) throw conflict('The account still holds money or points; reclaim them first.', 'account_has_balance');
  return to;
}
