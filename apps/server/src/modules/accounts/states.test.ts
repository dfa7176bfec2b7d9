import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, type BulkAction } from '@wager/contracts';
import { AppError } from '../../platform/errors.ts';
import { bulkNextStatus } from './states.ts';

// The bulk state table of decision 035, every action against every status, for a member and an agent.
const outcome = (role: string, status: string, action: BulkAction, partnerSignup = true, holdsValue = false) => {
  try {
    return bulkNextStatus({ role, status }, action, partnerSignup, holdsValue);
  } catch (e) {
    if (e instanceof AppError) return `!${e.code}`;
    throw e;
  }
};

const ALLOWED: Record<BulkAction, Record<string, string>> = {
  approve: { pending: 'normal_a' },
  normal: { withdrawn: 'normal_a' },
  withdraw: { normal_a: 'withdrawn', normal_b: 'withdrawn' },
  delete: { withdrawn: 'deleted' },
  delete_test: { test: 'deleted' },
};

describe('bulk state table', () => {
  it('a member moves only along the table; every other state is account_state_invalid', () => {
    for (const action of Object.keys(ALLOWED) as BulkAction[])
      for (const status of MEMBER_STATUSES)
        expect([action, status, outcome('user', status, action)]).toEqual([action, status, ALLOWED[action][status] ?? '!account_state_invalid']);
  });

  it('approving a member needs partner_signup; deleting needs an empty account', () => {
    expect(outcome('user', 'pending', 'approve', false)).toBe('!member_approval_disabled');
    expect(outcome('user', 'withdrawn', 'delete', true, true)).toBe('!account_has_balance');
    expect(outcome('user', 'test', 'delete_test', true, true)).toBe('!account_has_balance');
  });

  it('an agent is approved from pending or stopped, whatever partner_signup says; the member actions refuse it', () => {
    expect(outcome('shop', 'pending', 'approve', false)).toBe('normal_a');
    expect(outcome('shop', 'suspended', 'approve', false)).toBe('normal_a');
    expect(outcome('shop', 'normal_a', 'approve')).toBe('!account_state_invalid');
    for (const action of ['normal', 'withdraw', 'delete', 'delete_test'] as const)
      expect(outcome('distributor', 'withdrawn', action)).toBe('!account_not_member');
  });
});
