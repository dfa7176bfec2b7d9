import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Bulk actions on selected lower accounts (spec §4, decision 035) over HTTP on the seeded chain:
// tophq1 → … → dist1 → shop1 → user1…user7 (normal, with money) and test1, test2 (test accounts).
let h: Harness;
let admin: string;
let dist: string;
let shop: string;
let seq = 0;
const rid = () => `bulk-${++seq}-${Date.now()}`;

const user = async (account: string) =>
  (await h.db.query<{ id: bigint; status: string }>('SELECT id, status FROM users WHERE account = $1', [account])).rows[0];
const idOf = async (account: string) => Number((await user(account)).id);
const statusOf = async (account: string) => (await user(account)).status;
const audits = async (action: string) => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action])).rows[0].n;
const bulk = async (token: string, action: string, accounts: string[], request_id = rid()) =>
  h.call('/api/agent/user/bulk', { action, user_ids: await Promise.all(accounts.map(idOf)), request_id }, { token });
const adminCreate = (body: Record<string, unknown>) =>
  h.call('/api/admin/member/create', { password: 'pw1234', nickname: `n_${String(body.account)}`, ...body }, { token: admin });
/** The answer's rows by account, in the order asked. */
const byAccount = async (accounts: string[], results: { user_id: number; ok: boolean; status?: string; code?: string }[]) => {
  const ids = await Promise.all(accounts.map(idOf));
  return Object.fromEntries(accounts.map((a, i) => [a, results.find((r) => r.user_id === ids[i])]));
};

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  dist = await h.login('agent', 'dist1');
  shop = await h.login('agent', 'shop1');
  for (const account of ['bp1', 'bp2'])
    expect((await h.call('/api/agent/user/create', { account, password: 'pw1234', nickname: `n_${account}` }, { token: shop })).json.data.status).toBe(
      'pending',
    );
  expect((await adminCreate({ account: 'bz1', parent_code: 'shop1', state: 'normal_a' })).json.data.status).toBe('normal_a');
  expect(
    (await h.call('/api/agent/user/create', { account: 'bshop', password: 'pw1234', nickname: 'n_bshop', role: 'shop' }, { token: dist })).json.data.status,
  ).toBe('pending');
  // A sibling branch's member: foreign to dist1 and shop1.
  expect((await adminCreate({ account: 'bbranch2', role: 'branch', parent_code: 'subhq1', state: 'normal_a' })).json.data.status).toBe('normal_a');
  expect((await adminCreate({ account: 'bforeign', parent_code: 'bbranch2', state: 'normal_a' })).json.data.status).toBe('normal_a');
}, 180_000);
afterAll(() => h?.close());

describe(`bulk actions on lower accounts on ${testEngine}`, () => {
  it('withdraw ends normal members, refuses the rest row by row, audits each change', async () => {
    const before = await audits('account.withdraw');
    const r = await bulk(shop, 'withdraw', ['user1', 'bz1', 'bp1', 'test1']);
    expect(r.status).toBe(200);
    expect(r.json.data.changed).toBe(2);
    const rows = await byAccount(['user1', 'bz1', 'bp1', 'test1'], r.json.data.results);
    expect(rows.user1).toMatchObject({ ok: true, status: 'withdrawn' });
    expect(rows.bz1).toMatchObject({ ok: true, status: 'withdrawn' });
    expect(rows.bp1).toMatchObject({ ok: false, code: 'account_state_invalid', params: { status: 'pending' } });
    expect(rows.test1).toMatchObject({ ok: false, code: 'account_state_invalid' });
    expect([await statusOf('user1'), await statusOf('bz1'), await statusOf('bp1'), await statusOf('test1')]).toEqual([
      'withdrawn',
      'withdrawn',
      'pending',
      'test',
    ]);
    expect(await audits('account.withdraw')).toBe(before + 2);
    // A withdrawn member can no longer sign in.
    expect((await h.call('/api/user/login', { account: 'user1', password: '1234' })).json.error.code).toBe('account_withdrawn');
  });

  it('a retry with the same request id answers the first result and changes nothing twice; another payload is a conflict', async () => {
    const id = rid();
    const first = await bulk(shop, 'withdraw', ['user2'], id);
    expect(first.json.data.changed).toBe(1);
    const audited = await audits('account.withdraw');
    const again = await bulk(shop, 'withdraw', ['user2'], id);
    expect(again.json.data).toEqual(first.json.data);
    expect(await audits('account.withdraw')).toBe(audited);
    const reuse = await bulk(shop, 'normal', ['user2'], id);
    expect(reuse.status).toBe(409);
    expect(reuse.json.error.code).toBe('idempotency_conflict');
    expect(await statusOf('user2')).toBe('withdrawn');
  });

  it('normal restores a withdrawn member only', async () => {
    const r = await bulk(shop, 'normal', ['user2', 'user3']);
    const rows = await byAccount(['user2', 'user3'], r.json.data.results);
    expect(rows.user2).toMatchObject({ ok: true, status: 'normal_a' });
    expect(rows.user3).toMatchObject({ ok: false, code: 'account_state_invalid' });
    expect(await statusOf('user2')).toBe('normal_a');
  });

  it('delete removes a withdrawn member holding nothing; one holding money, or not withdrawn, is refused', async () => {
    const r = await bulk(shop, 'delete', ['bz1', 'user1', 'user3']);
    const rows = await byAccount(['bz1', 'user1', 'user3'], r.json.data.results);
    expect(rows.bz1).toMatchObject({ ok: true, status: 'deleted' });
    expect(rows.user1).toMatchObject({ ok: false, code: 'account_has_balance' });
    expect(rows.user3).toMatchObject({ ok: false, code: 'account_state_invalid' });
    expect([await statusOf('bz1'), await statusOf('user1'), await statusOf('user3')]).toEqual(['deleted', 'withdrawn', 'normal_a']);
  });

  it('delete_test removes test accounts only', async () => {
    const r = await bulk(shop, 'delete_test', ['test1', 'user3']);
    const rows = await byAccount(['test1', 'user3'], r.json.data.results);
    expect(rows.test1).toMatchObject({ ok: true, status: 'deleted' });
    expect(rows.user3).toMatchObject({ ok: false, code: 'account_state_invalid' });
  });

  it('approve follows the one-by-one rule: members only with partner_signup on, lower agents always', async () => {
    const off = await bulk(dist, 'approve', ['bp1', 'bshop']);
    const offRows = await byAccount(['bp1', 'bshop'], off.json.data.results);
    expect(offRows.bp1).toMatchObject({ ok: false, code: 'member_approval_disabled' });
    expect(offRows.bshop).toMatchObject({ ok: true, status: 'normal_a' });
    await h.call('/api/admin/settings/update', { settings: { partner_signup: true } }, { token: admin });
    const on = await bulk(shop, 'approve', ['bp1', 'bp2', 'user3']);
    const onRows = await byAccount(['bp1', 'bp2', 'user3'], on.json.data.results);
    expect(onRows.bp1).toMatchObject({ ok: true, status: 'normal_a' });
    expect(onRows.bp2).toMatchObject({ ok: true, status: 'normal_a' });
    expect(onRows.user3).toMatchObject({ ok: false, code: 'account_state_invalid' });
  });

  it('the member actions refuse agents', async () => {
    for (const action of ['normal', 'withdraw', 'delete', 'delete_test']) {
      const r = await bulk(dist, action, ['bshop']);
      expect(r.json.data.results[0]).toMatchObject({ ok: false, code: 'account_not_member' });
    }
    expect(await statusOf('bshop')).toBe('normal_a');
  });

  it('ids outside the subtree, the agent itself, its upline and unknown ids answer not_in_subtree and are never changed', async () => {
    const ids = [await idOf('bforeign'), await idOf('shop1'), await idOf('dist1'), 9_999_999];
    const r = await h.call('/api/agent/user/bulk', { action: 'withdraw', user_ids: ids, request_id: rid() }, { token: shop });
    expect(r.json.data.changed).toBe(0);
    for (const row of r.json.data.results) expect(row).toMatchObject({ ok: false, code: 'not_in_subtree' });
    expect([await statusOf('bforeign'), await statusOf('shop1'), await statusOf('dist1')]).toEqual(['normal_a', 'normal_a', 'normal_a']);
  });

  it('the lower_creation block refuses the whole call', async () => {
    const shopId = await idOf('shop1');
    await h.call('/api/admin/member/setRestrictions', { user_id: shopId, restrictions: { lower_creation: true } }, { token: admin });
    const r = await bulk(shop, 'withdraw', ['user4']);
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('activity_restricted');
    expect(await statusOf('user4')).toBe('normal_a');
    await h.call('/api/admin/member/setRestrictions', { user_id: shopId, restrictions: { lower_creation: false } }, { token: admin });
  });
});

describe(`downline filters and subtree sessions on ${testEngine}`, () => {
  it('the role filter lists one tier: members only, or one agent tier, each with its rates and its parent cap', async () => {
    const members = await h.call('/api/agent/user/list', { role: 'user' }, { token: dist });
    expect(members.json.data.rows.length).toBeGreaterThan(0);
    expect(members.json.data.rows.every((r: { role: string }) => r.role === 'user')).toBe(true);
    const shops = await h.call('/api/agent/user/list', { role: 'shop' }, { token: dist });
    expect(shops.json.data.rows.map((r: { account: string }) => r.account).sort()).toEqual(['bshop', 'shop1']);
    const shop1 = shops.json.data.rows.find((r: { account: string }) => r.account === 'shop1');
    expect(shop1.rolling_json.casino_percent).toBe(1.5);
    expect(shop1.parent_rolling_json.casino_percent).toBe(2);
  });

  it('accessors are the open sessions of the subtree; connections every login, with IP and device; nothing foreign', async () => {
    await h.login('user', 'user5', '1234');
    const gone = await h.login('user', 'user6', '1234');
    await h.call('/api/user/logout', {}, { token: gone });
    await h.login('user', 'bforeign', 'pw1234');
    const online = await h.call('/api/agent/user/sessions', { online: true }, { token: shop });
    const onlineAccounts = online.json.data.rows.map((r: { account: string }) => r.account);
    expect(onlineAccounts).toContain('user5');
    expect(onlineAccounts).not.toContain('user6');
    expect(onlineAccounts).not.toContain('bforeign');
    expect(online.json.data.rows.every((r: { online: boolean }) => r.online)).toBe(true);
    const all = await h.call('/api/agent/user/sessions', { search: 'user6' }, { token: shop });
    expect(all.json.data.total).toBe(1);
    expect(all.json.data.rows[0]).toMatchObject({ account: 'user6', online: false });
    expect(all.json.data.rows[0].ip).toBeTruthy();
    const foreign = await h.call('/api/agent/user/sessions', { search: 'bforeign' }, { token: shop });
    expect(foreign.json.data.total).toBe(0);
  });
});
