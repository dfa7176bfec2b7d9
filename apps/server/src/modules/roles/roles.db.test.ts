import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type AreaLevel } from '@wager/contracts';
import { hashPassword } from '../../platform/passwords.ts';
import { harness, type Harness } from '../../test/app.ts';
import { insertAdmin, recoverAdminAccess } from '../auth/index.ts';
import { areaOf, covers } from './areas.ts';
import { setAdminRoleByCode } from './service.ts';

/**
 * Issue 19 acceptance 2, "the permission matrix (every admin call × every role)". The calls are
 * read from the contracts, so an admin call added by any module is checked the day it exists: it
 * must belong to an area by its path, and each role is refused it (403 permission_denied) exactly
 * when its level for that area does not cover the call.
 */
const adminCalls = Object.keys(calls).filter((p) => p.startsWith('/api/admin/'));
/** Calls that take no session: nothing to authorise. */
const OPEN = new Set(['/api/admin/login']);

let h: Harness;
const tokens: Record<string, string> = {};
const ROLES = ['super', 'operator', 'cash_desk', 'support', 'custom'] as const;
let levels: Record<string, Record<string, AreaLevel>>;

async function adminWithRole(account: string, code: string) {
  const id = await insertAdmin(h.db, account, await hashPassword('admin1234'), account);
  if (!id) throw new Error(`admin ${account} exists`);
  await setAdminRoleByCode(h.db, id, code);
  return h.login('admin', account);
}

beforeAll(async () => {
  h = await harness();
  tokens.super = await h.login('admin', 'admin');
  const custom = await h.call('/api/admin/roles/create', { name: '경기 열람', permissions: { games: 'read', dashboard: 'read' } }, { token: tokens.super });
  expect(custom.status).toBe(200);
  const code = (await h.db.query<{ code: string }>('SELECT code FROM admin_roles WHERE id = $1', [custom.json.data.id])).rows[0].code;
  for (const r of ROLES.slice(1)) tokens[r] = await adminWithRole(`role_${r}`, r === 'custom' ? code : r);
  const list = await h.call('/api/admin/roles/list', {}, { token: tokens.super });
  levels = Object.fromEntries(
    list.json.data.roles.map((r: { code: string; permissions: Record<string, AreaLevel> }) => [r.code === code ? 'custom' : r.code, r.permissions]),
  );
});
afterAll(() => h?.close());

describe('admin permission matrix', () => {
  it('every admin call belongs to a permission area by its path', () => {
    expect(adminCalls.length).toBeGreaterThan(60);
    expect(adminCalls.filter((p) => !areaOf(p))).toEqual([]);
  });

  it('classifies calls as their screens use them', () => {
    expect(areaOf('/api/admin/settings/update')).toEqual({ area: 'settings', level: 'write' });
    expect(areaOf('/api/admin/settings/get')).toEqual({ area: 'settings', level: 'read' });
    expect(areaOf('/api/admin/ip/add')).toEqual({ area: 'settings', level: 'write' });
    expect(areaOf('/api/admin/bank/process')).toEqual({ area: 'cash', level: 'write' });
    expect(areaOf('/api/admin/member/list')).toEqual({ area: 'members', level: 'read' });
    expect(areaOf('/api/admin/statistics/daily')).toEqual({ area: 'statistics', level: 'read' });
    expect(areaOf('/api/admin/audit/list')).toEqual({ area: 'audit', level: 'read' });
    expect(areaOf('/api/admin/roles/update')).toEqual({ area: 'roles', level: 'write' });
    expect(areaOf('/api/admin/roles/mine')).toEqual({ area: 'self', level: 'read' });
    // A path no rule names has no area: only the super admin may call it.
    expect(areaOf('/api/admin/somethingNew/update')).toBeNull();
  });

  for (const role of ROLES) {
    it(`${role}: each admin call is allowed or refused as the role's levels say`, async () => {
      const wrong: string[] = [];
      let refused = 0;
      // A contract whose route is not registered yet (a module being written) is checked once it is.
      const served = adminCalls.filter((p) => !OPEN.has(p) && h.app.hasRoute({ method: 'POST', url: p }));
      expect(served.length).toBeGreaterThan(60);
      for (const path of served) {
        const need = areaOf(path);
        const allowed = role === 'super' || need?.area === 'self' || (need !== null && need.area !== 'roles' && covers(levels[role][need.area], need.level));
        // A list is no call's body: an allowed call stops at its body check and changes nothing.
        const r = await h.call(path, [0], { token: tokens[role] });
        const isRefusal = r.status === 403 && r.json.error?.code === 'permission_denied';
        if (isRefusal) refused++;
        if (allowed === isRefusal) wrong.push(`${path}: expected ${allowed ? 'allowed' : 'refused'}, got ${r.status} ${r.json.error?.code}`);
      }
      expect(wrong).toEqual([]);
      if (role === 'super') expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(10);
    });
  }

  it('a cash desk may work the cash desk but not change settings', async () => {
    const t = tokens.cash_desk;
    const change = await h.call('/api/admin/settings/update', { settings: {} }, { token: t });
    expect(change.status).toBe(403);
    expect(change.json.error.code).toBe('permission_denied');
    expect((await h.call('/api/admin/settings/get', {}, { token: t })).status).toBe(200);
    expect((await h.call('/api/admin/bank/list', { type: 'charge' }, { token: t })).status).toBe(200);
    const mine = await h.call('/api/admin/roles/mine', {}, { token: t });
    expect(mine.json.data).toMatchObject({ is_super: false, role: { code: 'cash_desk' }, permissions: { cash: 'write', settings: 'read' } });
  });

  it('without a session an admin call is a 401, not a refusal', async () => {
    const r = await h.call('/api/admin/settings/update', {});
    expect(r.status).toBe(401);
  });
});

describe('editing the matrix', () => {
  it('the super admin edits a role and the holder is allowed at once; the edit is audited', async () => {
    const roleId = (await h.db.query<{ id: string }>(`SELECT id FROM admin_roles WHERE code = 'support'`)).rows[0].id;
    expect((await h.call('/api/admin/audit/list', {}, { token: tokens.support })).status).toBe(403);
    const up = await h.call(
      '/api/admin/roles/update',
      { role_id: Number(roleId), permissions: { dashboard: 'read', members: 'read', content: 'write', audit: 'read' } },
      { token: tokens.super },
    );
    expect(up.status).toBe(200);
    expect((await h.call('/api/admin/audit/list', {}, { token: tokens.support })).status).toBe(200);
    const audit = await h.db.query<{ before: { permissions: object }; after: { permissions: object } }>(
      `SELECT before, after FROM audit_log WHERE action = 'admin_role.update' AND target = $1`,
      [`admin_role:${roleId}`],
    );
    expect(audit.rows[0].before.permissions).not.toHaveProperty('audit');
    expect(audit.rows[0].after.permissions).toHaveProperty('audit', 'read');
  });

  it('nobody but the super admin reads or edits roles, even an operator', async () => {
    for (const path of ['/api/admin/roles/list', '/api/admin/roles/update', '/api/admin/roles/assign', '/api/admin/roles/admins/list']) {
      const r = await h.call(path, {}, { token: tokens.operator });
      expect(r.status, path).toBe(403);
      expect(r.json.error.code).toBe('permission_denied');
    }
  });

  it('the super role cannot be edited, a held role cannot be deleted, an admin cannot change its own role', async () => {
    const superId = Number((await h.db.query<{ id: string }>(`SELECT id FROM admin_roles WHERE code = 'super'`)).rows[0].id);
    const cashId = Number((await h.db.query<{ id: string }>(`SELECT id FROM admin_roles WHERE code = 'cash_desk'`)).rows[0].id);
    const me = Number((await h.db.query<{ id: string }>(`SELECT id FROM admins WHERE account = 'admin'`)).rows[0].id);
    const edit = await h.call('/api/admin/roles/update', { role_id: superId, permissions: {} }, { token: tokens.super });
    expect([edit.status, edit.json.error.code]).toEqual([400, 'admin_role_super']);
    const del = await h.call('/api/admin/roles/delete', { role_id: cashId }, { token: tokens.super });
    expect([del.status, del.json.error.code]).toEqual([400, 'admin_role_builtin']);
    const self = await h.call('/api/admin/roles/assign', { admin_id: me, role_id: cashId }, { token: tokens.super });
    expect([self.status, self.json.error.code]).toEqual([400, 'admin_role_self']);
    const roles = await h.call('/api/admin/roles/mine', {}, { token: tokens.super });
    expect(roles.json.data.is_super).toBe(true);
  });

  it('assigning a role changes what the admin may call; a custom role nobody holds can be deleted', async () => {
    const made = await h.call('/api/admin/roles/create', { name: '임시', permissions: { cash: 'write' } }, { token: tokens.super });
    const admins = await h.call('/api/admin/roles/admins/list', {}, { token: tokens.super });
    const target = admins.json.data.rows.find((a: { account: string }) => a.account === 'role_support');
    expect((await h.call('/api/admin/bank/list', { type: 'charge' }, { token: tokens.support })).status).toBe(403);
    expect((await h.call('/api/admin/roles/assign', { admin_id: target.id, role_id: made.json.data.id }, { token: tokens.super })).status).toBe(200);
    expect((await h.call('/api/admin/bank/list', { type: 'charge' }, { token: tokens.support })).status).toBe(200);
    const inUse = await h.call('/api/admin/roles/delete', { role_id: made.json.data.id }, { token: tokens.super });
    expect(inUse.json.error.code).toBe('admin_role_in_use');
    const supportId = Number((await h.db.query<{ id: string }>(`SELECT id FROM admin_roles WHERE code = 'support'`)).rows[0].id);
    await h.call('/api/admin/roles/assign', { admin_id: target.id, role_id: supportId }, { token: tokens.super });
    expect((await h.call('/api/admin/roles/delete', { role_id: made.json.data.id }, { token: tokens.super })).status).toBe(200);
  });
});

describe('admin allow-list lock-out and recovery', () => {
  it('an allow-list that excludes every admin is undone by `npm run admin:ip` (allow, then clear)', async () => {
    const add = await h.call('/api/admin/ip/add', { kind: 'admin_allow', ip: '10.77.0.0/16' }, { token: tokens.super });
    expect(add.status).toBe(200);
    // Locked out: every admin call and the login itself from this address.
    const out = await h.call('/api/admin/dashboard', {}, { token: tokens.super });
    expect([out.status, out.json.error.code]).toEqual([403, 'ip_not_allowed']);
    expect((await h.call('/api/admin/login', { account: 'admin', password: 'admin1234' })).status).toBe(403);

    const allowed = await recoverAdminAccess(h.deps, { allow: '127.0.0.1' });
    expect(allowed.added).not.toBeNull();
    expect((await h.call('/api/admin/dashboard', {}, { token: tokens.super })).status).toBe(200);
    expect((await h.call('/api/admin/dashboard', {}, { token: tokens.super, ip: '192.0.2.9' })).status).toBe(403);

    const cleared = await recoverAdminAccess(h.deps, { clear: true });
    expect(cleared.removed).toBe(2);
    expect((await h.call('/api/admin/dashboard', {}, { token: tokens.super, ip: '192.0.2.9' })).status).toBe(200);
    const audit = await h.db.query<{ actor_type: string; action: string }>(
      `SELECT actor_type, action FROM audit_log WHERE actor_type = 'system' AND action LIKE 'ip_rule.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['ip_rule.add', 'ip_rule.remove', 'ip_rule.remove']);
  });
});
