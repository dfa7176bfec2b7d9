import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

describe(`auth on ${testEngine}`, () => {
  it('signs a player in and answers the login info', async () => {
    const r = await h.call('/api/user/login', { account: 'user1', password: '1234', device: 'PC' });
    expect(r.status).toBe(200);
    expect(r.json.result).toBe(true);
    expect(r.json.data.user).toMatchObject({ account: 'user1', nickname: '회원1', money: '74500', level: 1 });
    const ctx = await h.call('/api/user/getContext', { path: '/' }, { token: r.json.data.token });
    expect(ctx.json.data.user.account).toBe('user1');
  });

  it('refuses a wrong password with login_failed and writes no session', async () => {
    const before = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    const r = await h.call('/api/user/login', { account: 'user2', password: 'nope' });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ result: false, data: {}, error: { code: 'login_failed' } });
    expect(r.json.error.message).toMatch(/ID or password/);
    const after = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('keeps players, agents and admins on their own sites', async () => {
    expect((await h.call('/api/agent/login', { account: 'user1', password: '1234' })).status).toBe(401);
    expect((await h.call('/api/user/login', { account: 'shop1', password: '1234' })).status).toBe(401);
    const agentToken = await h.login('agent', 'shop1');
    // An agent token does not open player calls.
    expect((await h.call('/api/user/updateSession', {}, { token: agentToken })).status).toBe(401);
    const info = await h.call('/api/agent/getAgentInfo', {}, { token: agentToken });
    expect(info.json.data).toMatchObject({ account: 'shop1', role: 'shop', propirty: 5 });
  });

  it('refuses a suspended member at login and ends a live session on the next call', async () => {
    const token = await h.login('user', 'user3');
    const admin = await h.login('admin', 'admin');
    const u = await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user3'`);
    const s = await h.call('/api/admin/member/setStatus', { user_id: Number(u.rows[0].id), status: 'suspended' }, { token: admin });
    expect(s.status).toBe(200);
    const next = await h.call('/api/user/updateSession', {}, { token });
    expect(next.status).toBe(403);
    expect(next.json.error.code).toBe('account_suspended');
    const again = await h.call('/api/user/login', { account: 'user3', password: '1234' });
    expect(again.json.error.code).toBe('account_suspended');
    await h.call('/api/admin/member/setStatus', { user_id: Number(u.rows[0].id), status: 'normal_a' }, { token: admin });
    expect((await h.call('/api/user/login', { account: 'user3', password: '1234' })).status).toBe(200);
  });

  it('expires an idle session with the session-expired error', async () => {
    const token = await h.login('user', 'user4');
    h.clock.advance(29 * 60_000);
    const alive = await h.call('/api/user/updateSession', {}, { token });
    expect(alive.status).toBe(200);
    const current = alive.json.renewSessionToken ?? token;
    h.clock.advance(31 * 60_000);
    const r = await h.call('/api/user/updateSession', {}, { token: current });
    expect(r.status).toBe(401);
    expect(r.json.error).toMatchObject({ code: 'session_expired', message: 'Session expired, please log in again.' });
    // An expired session reads as a guest on the context call.
    const ctx = await h.call('/api/user/getContext', {}, { token: current });
    expect(ctx.status).toBe(200);
    expect(ctx.json.data.user).toBeNull();
  });

  it('rotates an old token: renewSessionToken works, the old one only for a grace minute', async () => {
    const token = await h.login('user', 'user5');
    h.clock.advance(16 * 60_000);
    const r = await h.call('/api/user/updateSession', {}, { token });
    expect(r.status).toBe(200);
    const renewed = r.json.renewSessionToken as string;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(token);
    expect((await h.call('/api/user/updateSession', {}, { token })).status).toBe(200);
    h.clock.advance(61_000);
    expect((await h.call('/api/user/updateSession', {}, { token })).status).toBe(401);
    expect((await h.call('/api/user/updateSession', {}, { token: renewed })).status).toBe(200);
  });

  it('renews an old token on the context poll too, whose answer is kept as JSON (decision 062)', async () => {
    const token = await h.login('user', 'user6');
    const first = await h.call('/api/user/getContext', {}, { token });
    expect(first.json.renewSessionToken).toBeUndefined();
    h.clock.advance(16 * 60_000);
    const r = await h.app.inject({ method: 'POST', url: '/api/user/getContext', payload: {}, headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = r.json();
    expect(json.result).toBe(true);
    expect(json.data.user.account).toBe('user6');
    // The cached answer's time is the poll's own, not the time it was cached.
    expect(json.data.context.server_time).toBe(h.clock.now().toISOString());
    expect(json.renewSessionToken).toEqual(expect.any(String));
    expect(json.renewSessionToken).not.toBe(token);
    expect((await h.call('/api/user/getContext', {}, { token: json.renewSessionToken })).json.data.user.account).toBe('user6');
  });

  it('refresh hands out a new token and retires the old one', async () => {
    const token = await h.login('user', 'user6');
    const r = await h.call('/api/user/refresh', {}, { token });
    expect(r.status).toBe(200);
    const next = r.json.data.token;
    expect((await h.call('/api/user/updateSession', {}, { token: next })).status).toBe(200);
  });

  it('a second player login ends the first when duplicate login is off', async () => {
    const first = await h.login('user', 'user7');
    const second = await h.login('user', 'user7');
    expect((await h.call('/api/user/updateSession', {}, { token: first })).json.error.code).toBe('session_expired');
    expect((await h.call('/api/user/updateSession', {}, { token: second })).status).toBe(200);
  });

  it('admins can force a session out', async () => {
    const admin = await h.login('admin', 'admin');
    const victim = await h.login('agent', 'dist1');
    const list = await h.call('/api/admin/session/list', { audience: 'agent' }, { token: admin });
    const row = list.json.data.sessions.find((s: any) => s.account === 'dist1');
    expect(row).toBeTruthy();
    expect((await h.call('/api/admin/session/forceLogout', { session_id: row.id }, { token: admin })).status).toBe(200);
    expect((await h.call('/api/agent/getAgentInfo', {}, { token: victim })).json.error.code).toBe('session_expired');
  });

  it('with an admin-allowed IP registered, every other address is refused for admin calls', async () => {
    const admin = await h.login('admin', 'admin');
    const add = await h.call('/api/admin/ip/add', { kind: 'admin_allow', ip: '10.9.0.0/16' }, { token: admin });
    expect(add.status).toBe(200);
    const refused = await h.call('/api/admin/dashboard', {}, { token: admin });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('invalid request admin');
    expect((await h.call('/api/admin/login', { account: 'admin', password: 'admin1234' })).status).toBe(403);
    const allowed = await h.call('/api/admin/login', { account: 'admin', password: 'admin1234', otp: await h.otp('admin', 'admin') }, { ip: '10.9.3.4' });
    expect(allowed.status).toBe(200);
    // Players are not affected by the admin list.
    expect((await h.call('/api/user/login', { account: 'user2', password: '1234' })).status).toBe(200);
    const t = allowed.json.data.token;
    await h.call('/api/admin/ip/remove', { id: add.json.data.id }, { token: t, ip: '10.9.3.4' });
  });

  it('refuses blocked addresses on every site', async () => {
    const admin = await h.login('admin', 'admin');
    const add = await h.call('/api/admin/ip/add', { kind: 'block', ip: '192.0.2.77' }, { token: admin });
    const r = await h.call('/api/user/login', { account: 'user2', password: '1234' }, { ip: '192.0.2.77' });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('ip_blocked');
    await h.call('/api/admin/ip/remove', { id: add.json.data.id }, { token: admin });
  });

  it('rate limits failed logins per account', async () => {
    for (let i = 0; i < 5; i++) expect((await h.call('/api/user/login', { account: 'test2', password: 'bad' }, { ip: '127.0.0.2' })).status).toBe(401);
    const locked = await h.call('/api/user/login', { account: 'test2', password: '1234' }, { ip: '127.0.0.2' });
    expect(locked.status).toBe(429);
    expect(locked.json.error.code).toBe('login_locked_account');
    h.clock.advance(16 * 60_000);
    expect((await h.call('/api/user/login', { account: 'test2', password: '1234' }, { ip: '127.0.0.2' })).status).toBe(200);
  });

  it('rate limits login attempts per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await h.call('/api/user/login', { account: `nobody${i}`, password: 'x' }, { ip: '127.0.0.3' })).status;
    expect(last).toBe(429);
  });

  it('logout ends the session', async () => {
    const token = await h.login('user', 'user2');
    expect((await h.call('/api/user/logout', {}, { token })).status).toBe(200);
    expect((await h.call('/api/user/updateSession', {}, { token })).status).toBe(401);
  });
});
