import type { BulkAction, MemberStatus } from '@wager/contracts';
import { conflict, forbidden } from '../../platform/errors.ts';

/** What the state rules read of an account: its tier and its status. */
export type StateSubject = { role: string; status: string };
export type StateAction = 'approve' | 'stop';

const isNormal = (status: string) => status === 'normal_a' || status === 'normal_b';
const invalid = (action: string, status: string) =>
  conflict(`The account cannot be changed by ${action} in its current state.`, 'account_state_invalid', { status });

/**
 * Approve and stop (spec §4 "Agent: approved or stopped", decision 028). Approve: a pending or
 * stopped lower agent becomes normal; a pending member becomes normal only when `partner_signup`
 * is on. Stop: a normal lower agent becomes suspended (the spec's "stopped").
 */
export function nextStatus(target: StateSubject, action: StateAction, partnerSignup: boolean): MemberStatus {
  const isAgent = target.role !== 'user';
  if (action === 'stop') {
    if (!isAgent) throw conflict('Only an agent can be stopped.', 'account_not_agent');
    if (!isNormal(target.status)) throw conflict('The account cannot be stopped in its current state.', 'account_state_invalid', { status: target.status });
    return 'suspended';
  }
  if (!isAgent && !partnerSignup) throw forbidden('Members are approved by the operator.', 'member_approval_disabled');
  const from = isAgent ? ['pending', 'suspended'] : ['pending'];
  if (!from.includes(target.status)) throw conflict('The account cannot be approved in its current state.', 'account_state_invalid', { status: target.status });
  return 'normal_a';
}

/**
 * The bulk actions on selected lower accounts (spec §4, decision 035). Approve is the same rule as
 * the one-by-one approve. The others are the member's life cycle ("Member: normal or withdrawn";
 * "withdrawn members are deleted permanently or restored") and refuse agents, whose states are
 * approve and stop: normal restores a withdrawn member, withdraw ends a normal one, delete
 * removes a withdrawn member for good, delete_test a test account. `holdsValue` refuses a delete
 * while the account still holds money, points, eggs or casino money (reclaim it first): a deleted
 * account can never spend or hand it back.
 */
export function bulkNextStatus(target: StateSubject, action: BulkAction, partnerSignup: boolean, holdsValue: boolean): MemberStatus {
  if (action === 'approve') return nextStatus(target, 'approve', partnerSignup);
  if (target.role !== 'user') throw conflict('Only a member can be changed this way.', 'account_not_member');
  switch (action) {
    case 'normal':
      if (target.status !== 'withdrawn') throw invalid(action, target.status);
      return 'normal_a';
    case 'withdraw':
      if (!isNormal(target.status)) throw invalid(action, target.status);
      return 'withdrawn';
    case 'delete':
    case 'delete_test':
      if (target.status !== (action === 'delete' ? 'withdrawn' : 'test')) throw invalid(action, target.status);
      if (holdsValue) throw conflict('The account still holds money or points; reclaim them first.', 'account_has_balance');
      return 'deleted';
  }
}
