import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Agents approve and stop lower accounts (spec §4 "Agent: approved or stopped", decision 028).
let h: Harness;
let admin: string;
let dist: string;
let shop: string;

const user = async (account: string) =>
  (await h.db.query<{ id: bigint; status: string }>('SELECT id, status FROM users WHERE account = $1', [account])).rows[0];
const auditCount = async (action: string, id: bigint) =>
  (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2`, [action, `user:${id}`])).rows[0].n;
const approve = async (token: string, account: string) => h.call('/api/agent/user/approve', { user_id: Number((await user(account)).id) }, { token });
const stop = async (token: string, account: string) => h.call('/api/agent/user/stop', { user_id: Number((await user(account)).id) }, { token });
const adminCreate = (body: object) =>
  h.call('/api/admin/member/create', { password: 'pw1234', nickname: `n_${(body as { account: string }).account}`, ...body }, { token: admin });

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  dist = await h.login('agent', 'dist1');
  shop = await h.login('agent', 'shop1');
  const made = await h.call('/api/agent/user/create', { account: 'shopa', password: 'pw1234', nickname: 'n_shopa', role: 'shop' }, { token: dist });
  expect(made.json.data.status).toBe('pending');
  // A sibling branch with a pending shop of its own: foreign to dist1 and shop1.
  expect((await adminCreate({ account: 'branch2', role: 'branch', parent_code: 'subhq1', state: 'normal_a' })).json.data.status).toBe('normal_a');
  expect((await adminCreate({ account: 'shopf', role: 'shop', parent_code: 'branch2' })).json.data.status).toBe('pending');
  expect((await h.call('/api/agent/user/create', { account: 'memp', password: 'pw1234', nickname: 'n_memp' }, { token: shop })).json.data.status).toBe(
    'pending',
  );
});
afterAll(() => h?.close());

describe(`approve and stop lower accounts on ${testEngine}`, () => {
  it('an agent approves its pending lower agent, stops it (it can no longer sign in) and restarts it, each audited', async () => {
    const id = (await user('shopa')).id;
    const a = await approve(dist, 'shopa');
    expect(a.json.data).toEqual({ ok: true, status: 'normal_a' });
    const shopa = await h.login('agent', 'shopa', 'pw1234');
    expect((await h.call('/api/agent/getAgentInfo', {}, { token: shopa })).json.data.account).toBe('shopa');
    const s = await stop(dist, 'shopa');
    expect(s.json.data).toEqual({ ok: true, status: 'suspended' });
    // Its open session ends too (the audit notice drops cached sessions, decision 012).
    expect((await h.call('/api/agent/getAgentInfo', {}, { token: shopa })).json.error.code).toBe('account_suspended');
    const login = await h.call('/api/agent/login', { account: 'shopa', password: 'pw1234' });
    expect(login.json.error.code).toBe('account_suspended');
    const again = await stop(dist, 'shopa');
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('account_state_invalid');
    expect((await approve(dist, 'shopa')).json.data.status).toBe('normal_a');
    expect(await auditCount('account.approve', id)).toBe(2);
    expect(await auditCount('account.stop', id)).toBe(1);
    // An upline agent may act on any depth of its subtree.
    const top = await h.login('agent', 'tophq1');
    expect((await stop(top, 'shopa')).json.data.status).toBe('suspended');
  });

  it('refuses a foreign agent, the agent itself and its own upline with one answer, changing nothing', async () => {
    const f = await user('shopf');
    for (const r of [await approve(dist, 'shopf'), await stop(dist, 'shopf'), await stop(dist, 'dist1'), await stop(shop, 'dist1')]) {
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe('not_in_subtree');
    }
    expect((await user('shopf')).status).toBe('pending');
    expect(await auditCount('account.approve', f.id)).toBe(0);
  });

  it('a member cannot be stopped; a pending member is approved by an agent only when partner_signup is on', async () => {
    const stopMember = await stop(shop, 'user1');
    expect(stopMember.status).toBe(409);
    expect(stopMember.json.error.code).toBe('account_not_agent');
    const off = await approve(shop, 'memp');
    expect(off.status).toBe(403);
    expect(off.json.error.code).toBe('member_approval_disabled');
    expect((await user('memp')).status).toBe('pending');
    await h.call('/api/admin/settings/update', { settings: { partner_signup: true } }, { token: admin });
    expect((await approve(shop, 'memp')).json.data.status).toBe('normal_a');
    const twice = await approve(shop, 'memp');
    expect(twice.json.error.code).toBe('account_state_invalid');
    await h.login('user', 'memp', 'pw1234');
  });

  it('the lower_creation block stops an agent managing its lower accounts too', async () => {
    const distId = (await user('dist1')).id;
    await h.call('/api/admin/member/setRestrictions', { user_id: Number(distId), restrictions: { lower_creation: true } }, { token: admin });
    const r = await approve(dist, 'shopa');
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('activity_restricted');
    expect((await user('shopa')).status).toBe('suspended');
  });
});
