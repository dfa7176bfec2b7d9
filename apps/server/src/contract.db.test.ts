import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@wager/contracts';
import { IMPORT_BODY_LIMIT, IMPORT_CALLS } from './modules/accounts/index.ts';
import { harness, type Harness } from './test/app.ts';
import { testEngine } from './test/db.ts';

let h: Harness;
let tokens: { user: string; agent: string; admin: string };
beforeAll(async () => {
  h = await harness();
  tokens = { user: await h.login('user', 'user1'), agent: await h.login('agent', 'shop1'), admin: await h.login('admin', 'admin') };
});
afterAll(() => h?.close());

const paths = Object.keys(calls) as (keyof typeof calls)[];
const tokenFor = (p: string) => (p.startsWith('/api/admin') ? tokens.admin : p.startsWith('/api/agent') ? tokens.agent : tokens.user);
const expectRejected = (r: { status: number; json: any }, status = 400) => {
  expect(r.status).toBe(status);
  expect(r.json.result).toBe(false);
  expect(r.json.data).toEqual({});
  expect(typeof r.json.error.message).toBe('string');
  expect(r.json.error.message.length).toBeGreaterThan(3);
  expect(typeof r.json.error.code).toBe('string');
};

describe(`the call contract on ${testEngine}`, () => {
  describe.each(paths)('%s', (path) => {
    it('answers 400 to a body of the wrong type', async () => {
      expectRejected(await h.call(path, 'not an object', { token: tokenFor(path) }));
      expectRejected(await h.call(path, [1, 2], { token: tokenFor(path) }));
    });
    it('answers 400 to malformed JSON, never 500', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenFor(path)}` },
        payload: '{"a":',
      });
      expectRejected({ status: res.statusCode, json: res.json() });
    });
    it('answers 415 to a wrong content type', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/xml', authorization: `Bearer ${tokenFor(path)}` },
        payload: '<a/>',
      });
      expectRejected({ status: res.statusCode, json: res.json() }, 415);
    });
    it('answers 413 to a body over its limit (1 MB; a sheet import 8 MB)', async () => {
      const limit = (IMPORT_CALLS as readonly string[]).includes(path) ? IMPORT_BODY_LIMIT : 1024 * 1024;
      const res = await h.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ x: 'a'.repeat(limit + 100_000) }),
      });
      expectRejected({ status: res.statusCode, json: res.json() }, 413);
    });
  });

  it('names the missing field', async () => {
    const r = await h.call('/api/user/login', { account: 'user1' });
    expectRejected(r);
    expect(r.json.error.message).toMatch(/^password/);
    expect(r.json.error.field).toBe('password');
  });

  it('refuses huge strings, wrong types and negative numbers', async () => {
    expectRejected(await h.call('/api/user/login', { account: 'u'.repeat(10_000), password: '1234' }));
    expectRejected(await h.call('/api/user/join/checkAccount', { account: 12345 }));
    expectRejected(await h.call('/api/user/join/checkNickname', { nickname: 'n'.repeat(5000) }));
    expectRejected(await h.call('/api/setLanguage', { language: 'xx' }));
    expectRejected(await h.call('/api/admin/session/forceLogout', { session_id: -4 }, { token: tokens.admin }));
    expectRejected(await h.call('/api/admin/ip/remove', { id: 'abc' }, { token: tokens.admin }));
    expectRejected(
      await h.call('/api/admin/ledger/adjust', { user_id: -1, asset: 'money', amount: 100, memo: 'x', request_id: 'req-00001' }, { token: tokens.admin }),
    );
    expectRejected(
      await h.call('/api/admin/ledger/adjust', { user_id: 1, asset: 'money', amount: 1.5, memo: 'x', request_id: 'req-00002' }, { token: tokens.admin }),
    );
    expectRejected(await h.call('/api/admin/settings/update', { settings: { signup_points: -5 } }, { token: tokens.admin }));
    expectRejected(await h.call('/api/admin/settings/update', { settings: { no_such_key: true } }, { token: tokens.admin }));
  });

  it('an unknown API path is a 404 in the same shape', async () => {
    expectRejected(await h.call('/api/user/no-such-call', {}), 404);
  });

  it('every protected call refuses a missing token with 401', async () => {
    for (const p of [
      '/api/user/updateSession',
      '/api/user/browse',
      '/api/agent/getAgentInfo',
      '/api/agent/user/getRoles',
      '/api/admin/dashboard',
      '/api/admin/settings/get',
    ])
      expectRejected(await h.call(p, {}), 401);
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    // The admin calls are described to a signed-in admin only (issue 21).
    for (const p of paths) expect(Boolean(doc.paths[p]), p).toBe(!p.startsWith('/api/admin/'));
    const admin = await h.login('admin', 'admin');
    const full = (await h.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: `Bearer ${admin}` } })).json();
    for (const p of paths) expect(full.paths[p], p).toBeTruthy();
  });

  // ---- the happy path of every call

  it('getContext answers the full system context for guests and members', async () => {
    const guest = await h.call('/api/user/getContext', { path: '/' });
    expect(guest.json.data.user).toBeNull();
    expect(guest.json.data.context).toMatchObject({ loaded: true, money: '0', use_user_join: true, inspection: { is_disabled: false } });
    expect(guest.json.data.context.notices.length).toBeGreaterThan(0);
    expect(guest.json.data.context.popups.length).toBeGreaterThan(0);
    expect(guest.json.data.context.popups.every((p: any) => p.disabled === 2)).toBe(true);
    const member = await h.call('/api/user/getContext', { path: '/' }, { token: tokens.user });
    expect(member.json.data.context.money).toBe('74500'); // 100,000 less the seeded demo bets
    expect(member.json.data.context.popups.length).toBeGreaterThan(0);
    expect(member.json.data.context.popups.every((p: any) => p.disabled === 0)).toBe(true);
    const agent = await h.call('/api/agent/getContext', {}, { token: tokens.agent });
    expect(agent.json.data.agent.account).toBe('shop1');
    const admin = await h.call('/api/admin/getContext', {}, { token: tokens.admin });
    expect(admin.json.data.admin.account).toBe('admin');
  });

  it('browse records the page, updateSession answers the expiry', async () => {
    expect((await h.call('/api/user/browse', { path: '/game/slot' }, { token: tokens.user })).json.data).toEqual({ ok: true });
    const u = await h.db.query(`SELECT last_path FROM users WHERE account = 'user1'`);
    expect(u.rows[0].last_path).toBe('/game/slot');
    expect((await h.call('/api/agent/browse', { path: '/pa' }, { token: tokens.agent })).status).toBe(200);
    for (const [p, t] of [
      ['/api/user/updateSession', tokens.user],
      ['/api/agent/updateSession', tokens.agent],
      ['/api/admin/updateSession', tokens.admin],
    ] as const) {
      const r = await h.call(p, {}, { token: t });
      expect(new Date(r.json.data.expires_at).getTime()).toBeGreaterThan(h.clock.now().getTime());
    }
  });

  it('setLanguage keeps the choice on the session and the member', async () => {
    const r = await h.call('/api/setLanguage', { language: 'ja' }, { token: tokens.user });
    expect(r.json.data).toEqual({ language: 'ja' });
    const ctx = await h.call('/api/user/getContext', {}, { token: tokens.user });
    expect(ctx.json.data.user.language).toBe('ja');
    expect((await h.call('/api/setLanguage', { language: 'en' })).status).toBe(200);
  });

  it('getRoles lists the tiers in order', async () => {
    const r = await h.call('/api/agent/user/getRoles', {}, { token: tokens.agent });
    expect(r.json.data.roles.map((x: any) => x.name)).toEqual(['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop', 'user']);
  });

  it('admin member list filters by status, role and search', async () => {
    const all = await h.call('/api/admin/member/list', { role: 'user' }, { token: tokens.admin });
    expect(all.json.data.total).toBe(9);
    expect(all.json.data.rows[0]).toMatchObject({ role: 'user', parent_account: 'shop1' });
    const tests = await h.call('/api/admin/member/list', { status: 'test' }, { token: tokens.admin });
    expect(tests.json.data.rows.map((r: any) => r.account).sort()).toEqual(['test1', 'test2']);
    const found = await h.call('/api/admin/member/list', { search: 'user7' }, { token: tokens.admin });
    expect(found.json.data.rows).toHaveLength(1);
    expect(found.json.data.rows[0]).toMatchObject({ account: 'user7', level: 7, money: '700000' });
    const agents = await h.call('/api/admin/member/list', { role: 'agent' }, { token: tokens.admin });
    expect(agents.json.data.total).toBe(6);
  });

  it('admin dashboard, settings, audit list and balance adjustment', async () => {
    const d = await h.call('/api/admin/dashboard', {}, { token: tokens.admin });
    expect(d.json.data.members).toBe(9);
    expect(d.json.data.agents).toBe(6);
    const s = await h.call('/api/admin/settings/get', {}, { token: tokens.admin });
    expect(s.json.data.settings.use_user_join).toBe(true);
    const body = { user_id: 0, asset: 'money', amount: '25000', memo: 'promo', request_id: 'req-adjust-1' };
    body.user_id = Number((await h.db.query(`SELECT id FROM users WHERE account = 'user2'`)).rows[0].id);
    const a1 = await h.call('/api/admin/ledger/adjust', body, { token: tokens.admin });
    const a2 = await h.call('/api/admin/ledger/adjust', body, { token: tokens.admin });
    expect(a1.json.data.balance).toBe('225000');
    expect(a2.json.data).toEqual(a1.json.data); // a retried click moves the money once
    const over = await h.call('/api/admin/ledger/adjust', { ...body, amount: -999_999_999, request_id: 'req-adjust-2' }, { token: tokens.admin });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('insufficient_funds');
    expect((await h.call('/api/admin/ledger/verify', {}, { token: tokens.admin })).json.data).toEqual({ ok: true, problems: [] });
    expect((await h.call('/api/admin/audit/verify', {}, { token: tokens.admin })).json.data.ok).toBe(true);
    const audit = await h.call('/api/admin/audit/list', {}, { token: tokens.admin });
    expect(audit.json.data.rows.some((r: any) => r.action === 'balance.grant')).toBe(true);
  });
});
