import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Rate changes after creation (issue 18, decision 028) on the seeded chain: dist1 (2 %) > shop1
// (1.5 % everywhere) > rm1, a member created here.
let h: Harness;
let admin: string;
let dist: string;
let shop: string;

const row = async (account: string) =>
  (await h.db.query<{ id: bigint; rolling_json: Record<string, number> }>('SELECT id, rolling_json FROM users WHERE account = $1', [account])).rows[0];
const audits = async (id: bigint) =>
  (
    await h.db.query<{ actor_type: string; before: any; after: any }>(
      `SELECT actor_type, before, after FROM audit_log WHERE action = 'account.rates' AND target = $1 ORDER BY id`,
      [`user:${id}`],
    )
  ).rows;
const update = async (token: string, account: string, rolling_json: object) =>
  h.call('/api/agent/user/rates/update', { user_id: Number((await row(account)).id), rolling_json }, { token });
const adminUpdate = async (account: string, rolling_json: object) =>
  h.call('/api/admin/member/rates/update', { user_id: Number((await row(account)).id), rolling_json }, { token: admin });

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  dist = await h.login('agent', 'dist1');
  shop = await h.login('agent', 'shop1');
  const made = await h.call(
    '/api/agent/user/create',
    { account: 'rm1', password: 'pw1234', nickname: 'n_rm1', rolling_json: { sports_percent: 1 } },
    { token: shop },
  );
  expect(made.json.error).toBeUndefined();
  const other = await h.call(
    '/api/admin/member/create',
    { account: 'rbranch2', password: 'pw1234', nickname: 'n_rbranch2', role: 'branch', parent_code: 'subhq1', state: 'normal_a' },
    { token: admin },
  );
  expect(other.json.error).toBeUndefined();
});
afterAll(() => h?.close());

describe(`rate changes on ${testEngine}`, () => {
  it("raises a member's rate up to its parent's, keeping the other keys, audited with before and after", async () => {
    const r = await update(shop, 'rm1', { sports_percent: 1.5, casino_percent: 0.75 });
    expect(r.json.error).toBeUndefined();
    expect(r.json.data.rolling_json).toMatchObject({ sports_percent: 1.5, casino_percent: 0.75, slot_percent: 0 });
    const u = await row('rm1');
    expect(u.rolling_json).toMatchObject({ sports_percent: 1.5, casino_percent: 0.75, slot_percent: 0 });
    // An upline agent may change any depth below it.
    expect((await update(dist, 'rm1', { slot_percent: 1.25 })).json.error).toBeUndefined();
    expect((await row('rm1')).rolling_json).toMatchObject({ sports_percent: 1.5, slot_percent: 1.25 });
    const a = await audits(u.id);
    expect(a).toHaveLength(2);
    expect(a[0].actor_type).toBe('agent');
    expect(a[0].before.rolling_json).toMatchObject({ sports_percent: 1, casino_percent: 0 });
    expect(a[0].after.rolling_json).toMatchObject({ sports_percent: 1.5, casino_percent: 0.75 });
  });

  it("refuses a rate above the parent's, naming every such key, and changes nothing", async () => {
    const before = (await row('rm1')).rolling_json;
    const r = await update(shop, 'rm1', { sports_percent: 1.6, slot_percent: 2, casino_percent: 1 });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('rate_above_parent');
    expect(r.json.error.params.keys).toBe('sports_percent, slot_percent');
    const admin409 = await adminUpdate('shop1', { minigame_percent: 2.5 });
    expect(admin409.json.error.code).toBe('rate_above_parent');
    expect((await row('rm1')).rolling_json).toEqual(before);
  });

  it("refuses a rate below a direct child's, naming the keys, for an agent and an admin", async () => {
    const r = await update(dist, 'shop1', { sports_percent: 1.4, slot_percent: 1.2, minigame_percent: 1 });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('rate_below_child');
    expect(r.json.error.params.keys).toBe('sports_percent, slot_percent');
    expect((await adminUpdate('shop1', { casino_percent: 0.5 })).json.error.code).toBe('rate_below_child');
    expect((await row('shop1')).rolling_json).toMatchObject({ sports_percent: 1.5, slot_percent: 1.5, minigame_percent: 1.5, casino_percent: 1.5 });
    // At the child's rate it is allowed (equal rates are), and an admin may change any account.
    expect((await adminUpdate('shop1', { sports_percent: 1.5, minigame_percent: 1 })).json.error).toBeUndefined();
    expect((await row('shop1')).rolling_json).toMatchObject({ sports_percent: 1.5, minigame_percent: 1 });
    expect((await audits((await row('shop1')).id))[0].actor_type).toBe('admin');
  });

  it('refuses a foreign subtree, the agent itself and its upline with one answer', async () => {
    for (const [token, account] of [
      [dist, 'rbranch2'],
      [shop, 'shop1'],
      [shop, 'dist1'],
    ]) {
      const before = (await row(account)).rolling_json;
      const r = await update(token, account, { sports_percent: 0.1 });
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe('not_in_subtree');
      expect((await row(account)).rolling_json).toEqual(before);
    }
  });
});
