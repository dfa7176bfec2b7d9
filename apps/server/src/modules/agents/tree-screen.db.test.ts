import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { HOUSE, transfer } from '../ledger/index.ts';

// The admin tree screen's reads (issue 19) on the seeded tree: tophq1 > … > dist1 > shop1 > user1…7, test1, test2.
let h: Harness;
let admin: string;
const idOf = async (account: string) => Number((await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id);
const data = async (path: string, body: unknown) => {
  const r = await h.call(path, body, { token: admin });
  expect(r.json.error, path).toBeUndefined();
  return r.json.data;
};

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h.close());

describe('admin tree screen calls', () => {
  it('lists the roots, then one node’s children lazily with money and counts', async () => {
    const roots = await data('/api/admin/agent/tree/children', {});
    const top = roots.rows.find((r: { account: string }) => r.account === 'tophq1');
    expect(top).toMatchObject({ role: 'top_hq', parent_id: null, depth: 0, children: 1, lower_count: 14, member_count: 9 });
    expect(roots.rows.every((r: { parent_id: number | null }) => r.parent_id === null)).toBe(true);

    const shop1 = await idOf('shop1');
    const kids = await data('/api/admin/agent/tree/children', { parent_id: shop1 });
    expect(kids.total).toBe(9); // seven members and two test accounts
    expect(kids.rows.map((r: { account: string }) => r.account).sort()).toEqual([
      'test1',
      'test2',
      'user1',
      'user2',
      'user3',
      'user4',
      'user5',
      'user6',
      'user7',
    ]);
    expect(kids.rows.every((r: { parent_id: number; depth: number; children: number }) => r.parent_id === shop1 && r.depth === 1 && r.children === 0)).toBe(
      true,
    );

    const dist = await data('/api/admin/agent/tree/children', { parent_id: await idOf('dist1') });
    expect(dist.rows).toHaveLength(1);
    expect(dist.rows[0]).toMatchObject({ account: 'shop1', children: 9, lower_count: 9, member_count: 9 });
  });

  it('shows each node’s ledger money balance as a decimal string', async () => {
    const user3 = await idOf('user3');
    const before = await h.db.query<{ balance: bigint }>(
      `SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $1 AND asset = 'money'`,
      [user3],
    );
    const kids = await data('/api/admin/agent/tree/children', { parent_id: await idOf('shop1') });
    const row = kids.rows.find((r: { id: number }) => r.id === user3);
    expect(row.money).toBe(String(before.rows[0]?.balance ?? 0n));
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: 'tree-screen-user3',
        kind: 'test.fund',
        from: { house: HOUSE.deposits, asset: 'money' },
        to: { user: BigInt(user3), asset: 'money' },
        amount: 12_345n,
      }),
    );
    const after = await data('/api/admin/agent/tree/children', { parent_id: await idOf('shop1') });
    expect(after.rows.find((r: { id: number }) => r.id === user3).money).toBe(String((before.rows[0]?.balance ?? 0n) + 12_345n));
  });

  it('finds an account by search and reads its path from the root', async () => {
    const found = await data('/api/admin/agent/tree/search', { search: 'user1' });
    expect(found.rows[0]).toMatchObject({ account: 'user1', role: 'user', depth: 6 });
    const none = await data('/api/admin/agent/tree/search', { search: 'no_such_%' });
    expect(none.rows).toEqual([]); // the % is taken literally

    const path = await data('/api/admin/agent/tree/path', { user_id: found.rows[0].id });
    expect(path.rows.map((r: { account: string }) => r.account)).toEqual(['tophq1', 'mainhq1', 'subhq1', 'branch1', 'dist1', 'shop1', 'user1']);
    expect(path.rows.map((r: { depth: number }) => r.depth)).toEqual([6, 5, 4, 3, 2, 1, 0]);

    const missing = await h.call('/api/admin/agent/tree/path', { user_id: 999_999 }, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('member_not_found');
  });

  it('follows a move: the member appears under its new parent and the counts change', async () => {
    const user7 = await idOf('user7');
    const dist1 = await idOf('dist1');
    const moved = await h.call('/api/admin/agent/tree/move', { user_id: user7, parent_id: dist1, memo: 'tree screen' }, { token: admin });
    expect(moved.json.error).toBeUndefined();
    const dist = await data('/api/admin/agent/tree/children', { parent_id: dist1 });
    expect(dist.rows.map((r: { account: string }) => r.account)).toEqual(['shop1', 'user7']); // agents first
    expect(dist.rows[0]).toMatchObject({ children: 8, member_count: 8 });
    const path = await data('/api/admin/agent/tree/path', { user_id: user7 });
    expect(path.rows.map((r: { account: string }) => r.account)).toEqual(['tophq1', 'mainhq1', 'subhq1', 'branch1', 'dist1', 'user7']);
  });

  it('refuses agents and players', async () => {
    const agent = await h.login('agent', 'tophq1');
    expect((await h.call('/api/admin/agent/tree/children', {}, { token: agent })).status).toBe(401);
    const user = await h.login('user', 'user1');
    expect((await h.call('/api/admin/agent/tree/search', { search: 'user' }, { token: user })).status).toBe(401);
  });
});
