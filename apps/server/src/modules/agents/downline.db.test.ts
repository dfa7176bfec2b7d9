import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { siblingShop } from '../../test/sibling-shop.ts';
import { testEngine } from '../../test/db.ts';
import type { Sql } from '../../platform/db.ts';
import { getBalances } from '../ledger/index.ts';
import { downline } from './tree.ts';

// The agent list calls on the seeded tree (tophq1 > … > dist1 > shop1 > user1…), plus a second
// shop under dist1 with a member of its own, which shop1 must never see.
let h: Harness;
let shop1: string;
let dist1: string;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
/** Everyone below `account` by walking parent_id, the closure table's own definition. */
const below = async (account: string) =>
  (
    await h.db.query<{ account: string }>(
      `WITH RECURSIVE d AS (SELECT id, account FROM users WHERE parent_id = (SELECT id FROM users WHERE account = $1)
                            UNION ALL SELECT u.id, u.account FROM users u JOIN d ON u.parent_id = d.id)
       SELECT account FROM d`,
      [account],
    )
  ).rows.map((r) => r.account);
const list = async (path: '/api/agent/user/list' | '/api/agent/child/list', token: string, body: object = {}) => {
  const r = await h.call(path, body, { token });
  expect(r.json.error, JSON.stringify(r.json.error)).toBeUndefined();
  return r.json.data as {
    rows: { id: number; account: string; role: string; money: string; point: string; status: string; parent_account: string; depth: number }[];
    total: number;
  };
};

beforeAll(async () => {
  h = await harness();
  await siblingShop(h.db, { memberStatus: 'pending' });
  shop1 = await h.login('agent', 'shop1');
  dist1 = await h.login('agent', 'dist1');
});
afterAll(() => h?.close());

describe(`agent downline lists on ${testEngine}`, () => {
  it("all lower: exactly the shop's subtree, newest first, with each row's balances and parent", async () => {
    const expected = await below('shop1');
    expect(expected.length).toBeGreaterThan(0);
    const page = await list('/api/agent/user/list', shop1);
    expect(page.total).toBe(expected.length);
    expect(page.rows.map((r) => r.account).sort()).toEqual(expected.slice(0, 20).sort());
    expect(page.rows.map((r) => r.id)).toEqual([...page.rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(page.rows.map((r) => r.account)).not.toContain('user9');
    for (const r of page.rows) {
      const bal = await getBalances(h.db, r.id);
      expect({ money: r.money, point: r.point }, r.account).toEqual({ money: bal.money.toString(), point: bal.point.toString() });
      expect(r.parent_account).toBe('shop1');
      expect(r.depth).toBe(1);
    }
    expect(page.rows.some((r) => BigInt(r.money) > 0n)).toBe(true); // the seed funds members: balances are really read
  });

  it('a distributor sees both shops and their members at any depth; its child list holds only its direct lower agents', async () => {
    const all = await list('/api/agent/user/list', dist1);
    expect(all.total).toBe((await below('dist1')).length);
    expect(all.rows.find((r) => r.account === 'user9')).toMatchObject({ parent_account: 'shop2', depth: 2, status: 'pending' });
    const children = await list('/api/agent/child/list', dist1);
    expect(children.rows.map((r) => r.account).sort()).toEqual(['shop1', 'shop2']);
    expect(children.total).toBe(2);
    expect((await list('/api/agent/child/list', shop1)).rows).toEqual([]); // a shop has members only
  });

  it('search (account or nickname, wildcards literal), status and paging filter the same subtree', async () => {
    expect((await list('/api/agent/user/list', dist1, { search: '회원9' })).rows.map((r) => r.account)).toEqual(['user9']);
    expect((await list('/api/agent/user/list', dist1, { search: 'USER9' })).rows.map((r) => r.account)).toEqual(['user9']);
    expect((await list('/api/agent/user/list', dist1, { search: '%' })).total).toBe(0);
    expect((await list('/api/agent/user/list', shop1, { search: 'user9' })).total).toBe(0); // not in shop1's subtree
    expect((await list('/api/agent/user/list', dist1, { status: 'pending' })).rows.map((r) => r.account)).toContain('user9');
    expect((await list('/api/agent/user/list', shop1, { status: 'pending' })).rows.map((r) => r.account)).not.toContain('user9');
    const first = await list('/api/agent/user/list', dist1);
    const second = await list('/api/agent/user/list', dist1, { skip: 1 });
    expect(second.rows[0].id).toBe(first.rows[1].id);
  });

  it('a member token is refused', async () => {
    const member = await h.login('user', 'user1');
    const r = await h.call('/api/agent/user/list', {}, { token: member });
    expect(r.json.error).toBeDefined();
  });

  it('sends two statements per page (the page, its count apart), both answered from the closure table index on PostgreSQL', async () => {
    const sent: [string, unknown[]][] = [];
    const spy = { query: (text: string, params: unknown[]) => (sent.push([text, params]), h.db.query(text, params)) } as unknown as Sql;
    const page = await downline(spy, await idOf('dist1'), { direct: false, agentsOnly: false }, { search: 'user' });
    expect(page.total).toBeGreaterThan(0);
    expect(sent).toHaveLength(2);
    if (testEngine !== 'pg') return;
    const planOf = (i: number) =>
      h.db.tx(async (sql) => {
        await sql.query('SET LOCAL enable_seqscan = off'); // a tiny table would be scanned: ask whether an index can answer
        return (await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sent[i][0]}`, sent[i][1])).rows.map((x) => x['QUERY PLAN']).join('\n');
      });
    const [plan, count] = [await planOf(0), await planOf(1)];
    expect(plan).toMatch(/Index.* on user_tree |Index Scan on user_tree_\w+_idx/); // plain or bitmap
    expect(plan).toMatch(/ledger_accounts_user_uq/); // balances by key, for the page's rows only
    expect(plan).not.toMatch(/Seq Scan/);
    expect(count).toMatch(/Index.* on user_tree |Index Scan on user_tree_\w+_idx/);
    expect(count).not.toMatch(/Seq Scan/);
  });
});
