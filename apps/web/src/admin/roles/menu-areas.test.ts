import { describe, expect, it } from 'vitest';
import { canOpen, routeArea } from './menu-areas.ts';

const cashDesk = { is_super: false, permissions: { dashboard: 'read', cash: 'write', members: 'read', settings: 'read' } as const };

describe('admin menu areas', () => {
  it('maps screens to the areas of the calls they make', () => {
    expect(routeArea('/admin')).toBe('dashboard');
    expect(routeArea('/admin/bank/charge')).toBe('cash');
    expect(routeArea('/admin/members/pending')).toBe('members');
    expect(routeArea('/admin/stats/daily')).toBe('statistics');
    expect(routeArea('/admin/roles')).toBe('roles');
    expect(routeArea('/admin/unknown')).toBeNull();
  });

  it('shows a cash desk its screens and hides the rest', () => {
    expect(canOpen('/admin/bank/charge', cashDesk)).toBe(true);
    expect(canOpen('/admin/ip', cashDesk)).toBe(true);
    expect(canOpen('/admin/inquiries', cashDesk)).toBe(false);
    expect(canOpen('/admin/audit', cashDesk)).toBe(false);
    expect(canOpen('/admin/roles', cashDesk)).toBe(false);
    expect(canOpen('/admin/unknown', cashDesk)).toBe(false);
  });

  it('shows the super admin everything and nobody anything before the role is known', () => {
    expect(canOpen('/admin/roles', { is_super: true, permissions: {} })).toBe(true);
    expect(canOpen('/admin/unknown', { is_super: true, permissions: {} })).toBe(true);
    expect(canOpen('/admin', undefined)).toBe(false);
  });
});
