import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, type MemberStatus } from '@wager/contracts';
import { AppError } from '../../platform/errors.ts';
import { adminNextStatus, adminTargets, bulkNextStatus, type BulkStateAction } from './states.ts';

// The bulk state table of decision 035, every action against every status, for a member and an agent.
const outcome = (role: string, status: string, action: BulkStateAction, partnerSignup = true, holdsValue = false) => {
  try {
    return bulkNextStatus({ role, status }, action, partnerSignup, holdsValue);
  } catch (e) {
    if (e instanceof AppError) return `!${e.code}`;
    throw e;
  }
};

const ALLOWED: Record<BulkStateAction, Record<string, string>> = {
  approve: { pending: 'normal_a' },
  normal: { withdrawn: 'normal_a' },
  withdraw: { normal_a: 'withdrawn', normal_b: 'withdrawn' },
  delete: { withdrawn: 'deleted' },
  delete_test: { test: 'deleted' },
};

describe('bulk state table', () => {
  it('a member moves only along the table; every other state is account_state_invalid', () => {
    for (const action of Object.keys(ALLOWED) as BulkStateAction[])
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

// The admin's moves (decision 037): every status to every status, for a member and an agent.
const adminOutcome = (role: string, from: MemberStatus, to: MemberStatus, holdsValue = false) => {
  try {
    return adminNextStatus({ role, status: from }, to, holdsValue);
  } catch (e) {
    if (e instanceof AppError) return `!${e.code}`;
    throw e;
  }
};

const MEMBER_ALLOWED: Record<MemberStatus, MemberStatus[]> = {
  pending: ['normal_a', 'normal_b', 'withdrawn', 'blocked'],
  normal_a: ['normal_b', 'suspended', 'blocked', 'withdrawn', 'pending'],
  normal_b: ['normal_a', 'suspended', 'blocked', 'withdrawn', 'pending'],
  suspended: ['normal_a', 'normal_b', 'blocked', 'withdrawn'],
  blocked: ['normal_a', 'normal_b', 'withdrawn'],
  withdrawn: ['normal_a', 'deleted'],
  test: ['suspended', 'blocked', 'deleted'],
  deleted: [],
};
const AGENT_ALLOWED: Record<MemberStatus, MemberStatus[]> = {
  pending: ['normal_a', 'blocked'],
  normal_a: ['suspended', 'blocked'],
  normal_b: ['normal_a', 'suspended', 'blocked'],
  suspended: ['normal_a', 'blocked'],
  blocked: ['normal_a'],
  withdrawn: [],
  test: [],
  deleted: [],
};

describe('admin state table', () => {
  it('a member: every allowed move answers its target, every other pair is account_state_invalid', () => {
    let allowed = 0;
    for (const from of MEMBER_STATUSES)
      for (const to of MEMBER_STATUSES) {
        const ok = MEMBER_ALLOWED[from].includes(to);
        if (ok) allowed++;
        expect([from, to, adminOutcome('user', from, to)]).toEqual([from, to, ok ? to : '!account_state_invalid']);
      }
    expect(allowed).toBe(26);
  });

  it('an agent: approved or stopped (and blocked); never withdrawn, deleted or made a test account', () => {
    let allowed = 0;
    for (const from of MEMBER_STATUSES)
      for (const to of MEMBER_STATUSES) {
        const ok = AGENT_ALLOWED[from].includes(to);
        if (ok) allowed++;
        expect([from, to, adminOutcome('shop', from, to)]).toEqual([from, to, ok ? to : '!account_state_invalid']);
      }
    expect(allowed).toBe(10);
  });

  it('the targets offered on the detail page are exactly the allowed moves', () => {
    for (const from of MEMBER_STATUSES) {
      expect(adminTargets({ role: 'user', status: from }).sort()).toEqual([...MEMBER_ALLOWED[from]].sort());
      expect(adminTargets({ role: 'branch', status: from }).sort()).toEqual([...AGENT_ALLOWED[from]].sort());
    }
  });

  it('a permanent delete is refused while the account holds value', () => {
    expect(adminOutcome('user', 'withdrawn', 'deleted', true)).toBe('!account_has_balance');
    expect(adminOutcome('user', 'test', 'deleted', true)).toBe('!account_has_balance');
    expect(adminOutcome('user', 'normal_a', 'withdrawn', true)).toBe('withdrawn');
  });
});
