import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  await h.call('/api/admin/settings/update', { settings: { duplicate_login: { user: true, agent: true, admin: true } } }, { token: admin });
});
afterAll(() => h?.close());

let n = 0;
const rid = () => `pw-change-${++n}-abcdef`;
const change = (token: string, current: string, next: string, confirm = next, request_id = rid()) =>
  h.call('/api/user/changePassword', { current_password: current, new_password: next, confirm_password: confirm, request_id }, { token });

describe(`member password change on ${testEngine}`, () => {
  it('refuses a wrong current password, a mismatched confirmation and a non-digit password, changing nothing', async () => {
    const t = await h.login('user', 'user2');
    const wrong = await change(t, '9999', '5678');
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: 'password_current_wrong', field: 'current_password' });
    expect((await change(t, '1234', '5678', '5679')).json.error).toMatchObject({ code: 'password_mismatch', field: 'confirm_password' });
    expect((await change(t, '1234', 'abcd')).json.error).toMatchObject({ code: 'validation', field: 'new_password' });
    expect((await change(t, '1234', '12')).json.error).toMatchObject({ code: 'validation', field: 'new_password', rule: 'too_small' });
    await h.login('user', 'user2', '1234');
  });

  it('changes the password, ends the other sessions, keeps this one, audits, and replays a repeated request', async () => {
    const other = await h.login('user', 'user3');
    const t = await h.login('user', 'user3');
    const id = rid();
    const r = await change(t, '1234', '5678', '5678', id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ ok: true });
    // Same request id again: the first answer, not "current password wrong".
    expect((await change(t, '1234', '5678', '5678', id)).json.data).toEqual({ ok: true });
    expect((await h.call('/api/user/getContext', {}, { token: t })).json.data.user.account).toBe('user3');
    expect((await h.call('/api/user/bank/getLimits', {}, { token: other })).status).toBe(401);
    expect((await h.call('/api/user/login', { account: 'user3', password: '1234' })).status).toBe(401);
    await h.login('user', 'user3', '5678');
    const audit = await h.db.query<{ action: string; after: unknown }>("SELECT action, after FROM audit_log WHERE action = 'member.password_change'");
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0])).not.toContain('5678');
  });

  it('is refused while users_can_change_password is off', async () => {
    await h.call('/api/admin/settings/update', { settings: { users_can_change_password: false } }, { token: admin });
    const t = await h.login('user', 'user4');
    const r = await change(t, '1234', '5678');
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('password_change_disabled');
    await h.login('user', 'user4', '1234');
    await h.call('/api/admin/settings/update', { settings: { users_can_change_password: true } }, { token: admin });
  });

  it('stops guessing the current password after five wrong tries', async () => {
    const t = await h.login('user', 'user5');
    for (let i = 0; i < 5; i++) expect((await change(t, `000${i}`, '5678')).status).toBe(400);
    expect((await change(t, '1234', '5678')).status).toBe(429);
    h.clock.advance(16 * 60_000);
    const again = await h.login('user', 'user5');
    expect((await change(again, '1234', '5678')).status).toBe(200);
  });
});
