import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// The support rate's account side (decision 043): the two support keys are rates like rolling,
// held to the parent rule on create and on every change, and a key left blank at creation takes
// the site's support_rate, capped by the parent's.
let h: Harness;
let admin: string;

const row = async (account: string) =>
  (await h.db.query<{ id: bigint; rolling_json: Record<string, number> }>('SELECT id, rolling_json FROM users WHERE account = $1', [account])).rows[0];
const create = (body: object, token = admin) => h.call('/api/admin/member/create', { password: 'pw1234', state: 'normal_a', ...body }, { token });
const update = async (account: string, rolling_json: object, token = admin) =>
  h.call('/api/admin/member/rates/update', { user_id: Number((await row(account)).id), rolling_json }, { token });

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  expect((await h.call('/api/admin/settings/update', { settings: { support_rate: 0.25 } }, { token: admin })).json.error).toBeUndefined();
});
afterAll(() => h?.close());

describe(`support rates on accounts, ${testEngine}`, () => {
  it('a blank support key takes the site support_rate, capped by the parent; a given one stays', async () => {
    // A top agent has no parent: the site rate as it is.
    expect((await create({ account: 'sptop', nickname: 'n_sptop', role: 'top_hq', rolling_json: { support_slot_percent: 0.2 } })).json.error).toBeUndefined();
    expect((await row('sptop')).rolling_json).toMatchObject({ support_casino_percent: 0.25, support_slot_percent: 0.2 });
    // Below it: casino min(0.25, 0.25); slot min(0.25, 0.2) = 0.2; a given 0 stays 0.
    const made = await create({ account: 'spmain', nickname: 'n_spmain', role: 'main_hq', parent_code: 'sptop', rolling_json: {} });
    expect(made.json.error).toBeUndefined();
    expect((await row('spmain')).rolling_json).toMatchObject({ support_casino_percent: 0.25, support_slot_percent: 0.2 });
    expect(
      (await create({ account: 'spsub', nickname: 'n_spsub', role: 'sub_hq', parent_code: 'spmain', rolling_json: { support_casino_percent: 0 } })).json.error,
    ).toBeUndefined();
    expect((await row('spsub')).rolling_json).toMatchObject({ support_casino_percent: 0, support_slot_percent: 0.2 });
  });

  it("refuses a support rate above the parent's on create and on change, and one below a child's, changing nothing", async () => {
    const above = await create({ account: 'spx', nickname: 'n_spx', role: 'sub_hq', parent_code: 'spmain', rolling_json: { support_casino_percent: 0.3 } });
    expect(above.status).toBe(409);
    expect(above.json.error.code).toBe('rate_above_parent');
    expect(above.json.error.params.keys).toBe('support_casino_percent');
    expect(await row('spx')).toBeUndefined();

    const before = (await row('spsub')).rolling_json;
    const change = await update('spsub', { support_slot_percent: 0.21, support_casino_percent: 0.1 });
    expect(change.status).toBe(409);
    expect(change.json.error.params.keys).toBe('support_slot_percent');
    expect((await row('spsub')).rolling_json).toEqual(before);

    const below = await update('spmain', { support_slot_percent: 0.1 });
    expect(below.status).toBe(409);
    expect(below.json.error.code).toBe('rate_below_child');
    expect(below.json.error.params.keys).toBe('support_slot_percent');
    // Within both: allowed.
    expect((await update('spsub', { support_casino_percent: 0.25 })).json.error).toBeUndefined();
    expect((await row('spsub')).rolling_json).toMatchObject({ support_casino_percent: 0.25 });
  });

  it('refuses a support_rate setting with more than four decimals', async () => {
    const r = await h.call('/api/admin/settings/update', { settings: { support_rate: 0.00001 } }, { token: admin });
    expect(r.status).toBe(400);
  });
});
