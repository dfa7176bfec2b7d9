import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Account creation over HTTP on the seeded app (decision 028): tophq1 > mainhq1 > subhq1 >
// branch1 > dist1 > shop1 > user1…, every agent at its seed rates (shop1: 1.5 % everywhere).
let h: Harness;
let admin: string;
let shop: string;
let dist: string;

const row = async (account: string) =>
  (
    await h.db.query<{ id: bigint; status: string; role: string; referral_code: string; parent: string; rolling_json: Record<string, number>; level: number }>(
      `SELECT u.id, u.status, u.role, u.referral_code, p.account AS parent, u.rolling_json, u.level FROM users u LEFT JOIN users p ON p.id = u.parent_id WHERE u.account = $1`,
      [account],
    )
  ).rows[0];
const audits = async (action: string, target: bigint) =>
  (
    await h.db.query<{ actor_type: string; after: any }>(`SELECT actor_type, after FROM audit_log WHERE action = $1 AND target = $2`, [
      action,
      `user:${target}`,
    ])
  ).rows;
const create = (token: string, body: object) => h.call('/api/agent/user/create', body, { token });
const member = (account: string, extra: object = {}) => ({ account, password: 'pw1234', nickname: `n_${account}`, ...extra });

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  shop = await h.login('agent', 'shop1');
  dist = await h.login('agent', 'dist1');
});
afterAll(() => h?.close());

describe(`agent creates accounts on ${testEngine}`, () => {
  it('a shop creates a member with rates at or under its own: pending, code = account, in the closure table, audited', async () => {
    const r = await create(
      shop,
      member('newm1', {
        level: 3,
        bankName: '신한',
        bankAccount: '110-123-456',
        bankAccountHolder: '김철수',
        bankPassword: '1234',
        rolling_json: { sports_percent: 1.2, casino_percent: 1.5, slot_percent: 0.0125 },
      }),
    );
    expect(r.json.error).toBeUndefined();
    expect(r.json.data).toMatchObject({ account: 'newm1', code: 'newm1', status: 'pending', message: 'join_complete' });
    const u = await row('newm1');
    expect(u).toMatchObject({ status: 'pending', role: 'user', referral_code: 'newm1', parent: 'shop1', level: 3 });
    expect(u.rolling_json).toMatchObject({ sports_percent: 1.2, casino_percent: 1.5, slot_percent: 0.0125, minigame_percent: 0 });
    const hash = (await h.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE account = 'newm1'`)).rows[0].password_hash;
    expect(await verifyPassword(hash, 'pw1234')).toBe(true);
    const path = await h.db.query<{ account: string; depth: number }>(
      `SELECT a.account, t.depth FROM user_tree t JOIN users a ON a.id = t.ancestor_id WHERE t.descendant_id = $1 ORDER BY t.depth`,
      [u.id],
    );
    expect(path.rows.map((p) => p.account)).toEqual(['newm1', 'shop1', 'dist1', 'branch1', 'subhq1', 'mainhq1', 'tophq1']);
    const a = await audits('account.create', u.id);
    expect(a).toHaveLength(1);
    expect(a[0].actor_type).toBe('agent');
    expect(a[0].after).toMatchObject({ account: 'newm1', role: 'user', status: 'pending' });
    // A pending account cannot sign in yet.
    const login = await h.call('/api/user/login', { account: 'newm1', password: 'pw1234' });
    expect(login.json.error.code).toBe('account_pending');
  });

  it('refuses a rate above the parent, naming every such key, and creates nothing', async () => {
    const r = await create(shop, member('newm2', { rolling_json: { sports_percent: 1.6, slot_percent: 2, casino_percent: 1.5 } }));
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('rate_above_parent');
    expect(r.json.error.params.keys).toBe('sports_percent, slot_percent');
    expect(await row('newm2')).toBeUndefined();
  });

  it('refuses a rate with more than four decimals instead of rounding it', async () => {
    const r = await create(shop, member('newm3', { rolling_json: { minigame_percent: 0.00001 } }));
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'rate_invalid', field: 'rolling_json.minigame_percent' });
  });

  it('refuses a taken account (any case) or nickname with its own code', async () => {
    const a = await create(shop, member('USER1'));
    expect(a.status).toBe(409);
    expect(a.json.error.code).toBe('account_taken');
    const n = await create(shop, member('newm4', { nickname: 'n_newm1' }));
    expect(n.status).toBe(409);
    expect(n.json.error.code).toBe('nickname_taken');
    const missing = await create(shop, { account: 'newm5', nickname: 'n_newm5' });
    expect(missing.status).toBe(400);
    expect(missing.json.error.field).toBe('password');
  });

  it('two creations of one account at once: one is made, the other answers account_taken', async () => {
    const [a, b] = await Promise.all([create(shop, member('race1')), create(dist, member('race1', { nickname: 'n_race1b' }))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.json.error.code).toBe('account_taken');
    expect((await h.db.query(`SELECT 1 FROM users WHERE account = 'race1'`)).rowCount).toBe(1);
  });

  it('an agent creates lower agents of a lower tier only, under itself or under an agent of its subtree', async () => {
    const ok = await create(dist, member('shopx', { role: 'shop', rolling_json: { sports_percent: 2 } }));
    expect(ok.json.data).toMatchObject({ status: 'pending', code: 'shopx' });
    expect((await row('shopx')).parent).toBe('dist1');
    const sameTier = await create(dist, member('distx', { role: 'distributor' }));
    expect(sameTier.json.error.code).toBe('role_not_lower');
    const underShop = await create(dist, member('newm6', { parent_code: 'shop1' }));
    expect(underShop.json.data.status).toBe('pending');
    expect((await row('newm6')).parent).toBe('shop1');
    // The new shop is pending: nothing is created under it by an agent until it is approved.
    const underPending = await create(dist, member('newm7', { parent_code: 'shopx' }));
    expect(underPending.json.error.code).toBe('parent_inactive');
  });

  it('an agent cannot create under a sibling subtree or above itself', async () => {
    const branch2 = await h.call('/api/admin/member/create', member('branch2', { role: 'branch', parent_code: 'subhq1', state: 'normal_a' }), { token: admin });
    expect(branch2.json.data.status).toBe('normal_a');
    const branch = await h.login('agent', 'branch1');
    const sibling = await create(branch, member('newm8', { parent_code: 'branch2' }));
    expect(sibling.status).toBe(404);
    expect(sibling.json.error.code).toBe('not_in_subtree');
    const above = await create(shop, member('newm9', { parent_code: 'dist1' }));
    expect(above.json.error.code).toBe('not_in_subtree');
    const unknown = await create(shop, member('newm9', { parent_code: 'nobody' }));
    expect(unknown.json.error.code).toBe('not_in_subtree');
    expect(await row('newm8')).toBeUndefined();
  });

  it('honours the per-agent lower_creation block and the agents_can_create_lower setting', async () => {
    const dist1 = (await row('dist1')).id;
    await h.call('/api/admin/member/setRestrictions', { user_id: Number(dist1), restrictions: { lower_creation: true } }, { token: admin });
    const blocked = await create(dist, member('newm10'));
    expect(blocked.status).toBe(403);
    expect(blocked.json.error.code).toBe('activity_restricted');
    await h.call('/api/admin/member/setRestrictions', { user_id: Number(dist1), restrictions: { lower_creation: false } }, { token: admin });

    const off = await h.call('/api/admin/settings/update', { settings: { agents_can_create_lower: false } }, { token: admin });
    expect(off.json.error).toBeUndefined();
    const agentRefused = await create(dist, member('shopy', { role: 'shop' }));
    expect(agentRefused.status).toBe(403);
    expect(agentRefused.json.error.code).toBe('agent_creation_disabled');
    const memberStillOk = await create(dist, member('newm10'));
    expect(memberStillOk.json.data.status).toBe('pending');
    // The admin is not an agent: the setting does not bind it.
    const byAdmin = await h.call('/api/admin/member/create', member('shopz', { role: 'shop', parent_code: 'dist1' }), { token: admin });
    expect(byAdmin.json.data.status).toBe('pending');
    await h.call('/api/admin/settings/update', { settings: { agents_can_create_lower: true } }, { token: admin });
    expect((await create(dist, member('shopy', { role: 'shop' }))).json.data.status).toBe('pending');
  });
});

describe(`admin creates accounts on ${testEngine}`, () => {
  it('creates a top HQ as a root, a test account and an agent in any state; a non-root needs a parent', async () => {
    const root = await h.call('/api/admin/member/create', member('tophq2', { role: 'top_hq', state: 'normal_a', rolling_json: { casino_percent: 9 } }), {
      token: admin,
    });
    expect(root.json.data).toMatchObject({ status: 'normal_a', code: 'tophq2' });
    expect((await row('tophq2')).parent).toBeNull();
    const orphan = await h.call('/api/admin/member/create', member('shopq', { role: 'shop' }), { token: admin });
    expect(orphan.status).toBe(400);
    expect(orphan.json.error.code).toBe('parent_required');
    const test = await h.call('/api/admin/member/create', member('tester9', { parent_code: 'shop1', state: 'test' }), { token: admin });
    expect(test.json.data.status).toBe('test');
    // The admin is held to the same tree rules: tiers and rates.
    const rate = await h.call('/api/admin/member/create', member('newm11', { parent_code: 'shop1', rolling_json: { casino_percent: 9 } }), { token: admin });
    expect(rate.json.error.code).toBe('rate_above_parent');
    const unknown = await h.call('/api/admin/member/create', member('newm11', { parent_code: 'nobody' }), { token: admin });
    expect(unknown.json.error.code).toBe('parent_not_found');
    const a = await audits('account.create', (await row('tester9')).id);
    expect(a[0].actor_type).toBe('admin');
  });

  it('an agent cannot call the admin creation, nor an admin the agent one', async () => {
    const r = await h.call('/api/admin/member/create', member('newm12', { parent_code: 'shop1' }), { token: shop });
    expect(r.status).toBe(401);
    const s = await create(admin, member('newm12'));
    expect(s.status).toBe(401);
    expect(await row('newm12')).toBeUndefined();
  });
});
