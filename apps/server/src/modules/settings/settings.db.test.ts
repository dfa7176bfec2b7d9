import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyAudit } from '../audit/index.ts';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`settings, inspection and audit on ${testEngine}`, () => {
  it('inspection replaces the member site: context still answers, other calls and logins are refused', async () => {
    const player = await h.login('user', 'user1');
    const on = await h.call('/api/admin/settings/update', { settings: { inspection: { is_disabled: true, memo: '정기 점검 02:00~04:00' } } }, { token: admin });
    expect(on.status).toBe(200);
    const ctx = await h.call('/api/user/getContext', {}, { token: player });
    expect(ctx.json.data.context.inspection).toEqual({ is_disabled: true, memo: '정기 점검 02:00~04:00' });
    const login = await h.call('/api/user/login', { account: 'user2', password: '1234' });
    expect(login.status).toBe(503);
    expect(login.json.error.code).toBe('inspection');
    // Agents and admins are unaffected by the member-site inspection.
    expect((await h.call('/api/agent/login', { account: 'shop1', password: '1234' })).status).toBe(200);
    await h.call('/api/admin/settings/update', { settings: { inspection: { is_disabled: false, memo: '' } } }, { token: admin });
    expect((await h.call('/api/user/login', { account: 'user2', password: '1234' })).status).toBe(200);
  });

  it('agent inspection closes the partner site only', async () => {
    await h.call('/api/admin/settings/update', { settings: { agent_inspection: { is_disabled: true, memo: 'partner check' } } }, { token: admin });
    expect((await h.call('/api/agent/login', { account: 'shop1', password: '1234' })).status).toBe(503);
    expect((await h.call('/api/user/login', { account: 'user5', password: '1234' })).status).toBe(200);
    await h.call('/api/admin/settings/update', { settings: { agent_inspection: { is_disabled: false, memo: '' } } }, { token: admin });
  });

  it('every settings change writes an audit row with before and after', async () => {
    await h.call('/api/admin/settings/update', { settings: { is_seamless: true } }, { token: admin });
    const row = (await h.db.query(`SELECT * FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(row.before).toEqual({ is_seamless: false });
    expect(row.after).toEqual({ is_seamless: true });
    expect(row.actor_type).toBe('admin');
    expect(row.ip).toBe('127.0.0.1');
    const ctx = await h.call('/api/user/getContext', {});
    expect(ctx.json.data.context.is_seamless).toBe(true);
  });

  it('the audit chain verifies, and any edit to a row is detected', async () => {
    const ok = await verifyAudit(h.db);
    expect(ok.ok).toBe(true);
    expect(ok.rows).toBeGreaterThan(3);
    const victim = (await h.db.query<{ id: bigint }>(`SELECT id FROM audit_log ORDER BY id LIMIT 1 OFFSET 1`)).rows[0].id;
    await h.db.query(`UPDATE audit_log SET after = '{"is_seamless": false}'::jsonb WHERE id = $1`, [victim]);
    const bad = await verifyAudit(h.db);
    expect(bad.ok).toBe(false);
    expect(bad.problems.join()).toMatch(new RegExp(`audit row ${victim}`));
  });

  it('deleting an audit row is detected too', async () => {
    const last = (await h.db.query<{ id: bigint }>(`SELECT max(id) AS id FROM audit_log`)).rows[0].id;
    await h.db.query(`DELETE FROM audit_log WHERE id = $1`, [last]);
    expect((await verifyAudit(h.db)).problems.join()).toMatch(/head does not point/);
  });
});
