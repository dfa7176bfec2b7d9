import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { siblingShop } from '../../test/sibling-shop.ts';
import { HOUSE, transfer } from '../ledger/index.ts';

// The admin tree calls and the subtree wall around agent calls, on the seeded app (decision 026).
let h: Harness;
let admin: string;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  // A second shop beside shop1 (same distributor) with one member of its own.
  await siblingShop(h.db);
});
afterAll(() => h.close());

describe('agent tree calls', () => {
  it('seed data yields a consistent tree: every user has its own row and a path ending at a root', async () => {
    const r = await h.db.query<{ account: string; self: number; root_parent: string | null; depth: number; users_depth: number }>(
      `WITH RECURSIVE up AS (SELECT id AS start, id, parent_id, 0 AS d FROM users
                             UNION ALL SELECT up.start, p.id, p.parent_id, up.d + 1 FROM up JOIN users p ON p.id = up.parent_id)
       SELECT u.account,
         (SELECT count(*)::int FROM user_tree t WHERE t.ancestor_id = u.id AND t.descendant_id = u.id AND t.depth = 0) AS self,
         (SELECT r.parent_id::text FROM user_tree t JOIN users r ON r.id = t.ancestor_id WHERE t.descendant_id = u.id ORDER BY t.depth DESC LIMIT 1) AS root_parent,
         (SELECT count(*)::int - 1 FROM user_tree t WHERE t.descendant_id = u.id) AS depth,
         (SELECT max(d) FROM up WHERE up.start = u.id) AS users_depth
       FROM users u ORDER BY u.id`,
    );
    expect(r.rows.length).toBeGreaterThanOrEqual(17); // six agents, seven members, test accounts, shop2, user9
    for (const row of r.rows) expect(row, row.account).toMatchObject({ self: 1, root_parent: null, depth: row.users_depth });
    expect(r.rows.find((x) => x.account === 'user1')?.depth).toBe(6);
  });

  it('an admin moves a member to another shop with a memo, and reads the history', async () => {
    const user2 = await idOf('user2');
    const shop2 = await idOf('shop2');
    const moved = await h.call('/api/admin/agent/tree/move', { user_id: Number(user2), parent_id: Number(shop2), memo: '매장 이전' }, { token: admin });
    expect(moved.json.error).toBeUndefined();
    expect(moved.json.data).toMatchObject({ ok: true });
    const hist = await h.call('/api/admin/agent/tree/history', { user_id: Number(user2) }, { token: admin });
    expect(hist.json.data.total).toBe(1);
    expect(hist.json.data.rows[0]).toMatchObject({ account: 'user2', old_parent_account: 'shop1', new_parent_account: 'shop2', memo: '매장 이전' });
    const audit = await h.db.query(`SELECT target, after FROM audit_log WHERE action = 'agent.tree.move'`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].target).toBe(`user:${user2}`);
    const underOwnLower = await h.call('/api/admin/agent/tree/move', { user_id: Number(await idOf('dist1')), parent_id: Number(shop2) }, { token: admin });
    expect(underOwnLower.status).toBe(409);
    expect(underOwnLower.json.error.code).toBe('tree_move_cycle'); // shop2 is dist1's own lower
    const agentToken = await h.login('agent', 'tophq1');
    expect((await h.call('/api/admin/agent/tree/move', { user_id: Number(user2), parent_id: Number(shop2) }, { token: agentToken })).status).toBe(401);
  });

  it('an agent reaches only its own subtree, whatever id it guesses', async () => {
    const shop1 = await h.login('agent', 'shop1');
    const fund = (account: string, id: bigint) =>
      h.db.tx((sql) =>
        transfer(sql, h.clock, {
          idempotencyKey: `fund-${account}`,
          kind: 'test.fund',
          from: { house: HOUSE.deposits, asset: 'money' },
          to: { user: id, asset: 'money' },
          amount: 50_000n,
        }),
      );
    await fund('shop1', await idOf('shop1'));
    const pay = (token: string, targetUserId: number) =>
      h
        .call('/api/agent/user/casino/depositBalance', { balance: '1000', targetUserId }, { token })
        .then((r) => ({ status: r.status, code: r.json.error?.code }));
    // the sibling shop's member, a member moved away, the parent agent and an id nobody has: one answer
    const refused = { status: 404, code: 'not_in_subtree' };
    expect(await pay(shop1, Number(await idOf('user9')))).toEqual(refused);
    expect(await pay(shop1, Number(await idOf('user2')))).toEqual(refused);
    expect(await pay(shop1, Number(await idOf('dist1')))).toEqual(refused);
    expect(await pay(shop1, 987_654)).toEqual(refused);
    // its own member still works, and the distributor above reaches both shops' members
    expect(await pay(shop1, Number(await idOf('user1')))).toEqual({ status: 200, code: undefined });
    const dist = await h.login('agent', 'dist1');
    await fund('dist1', await idOf('dist1'));
    expect(await pay(dist, Number(await idOf('user9')))).toEqual({ status: 200, code: undefined });
    expect(await pay(await h.login('agent', 'shop2'), Number(await idOf('user1')))).toEqual(refused);
  });

  it("an agent's casino history lists only its subtree's rounds", async () => {
    const now = h.clock.now();
    const user9 = await idOf('user9');
    const user1 = await idOf('user1');
    for (const [i, id] of [user9, user1].entries())
      await h.db.query(
        `INSERT INTO casino_wallet_tx (vendor, transaction_uuid, kind, user_id, round, game, game_type, wallet, amount, win_amount, status,
           request_uuid, answer_balance, balance_before, balance_after, created_at)
         VALUES ('house', $2, 'bet', $1, $2, 'g', 'slot', 'money', 100, 0, 'settled', $2, 900, 1000, 900, $3)`,
        [id, `tree-round-${i}`, now],
      );
    const accountsSeen = async (account: string, filter: object = {}) => {
      const r = await h.call('/api/agent/casino/history', filter, { token: await h.login('agent', account) });
      return r.json.data.rows.map((x: { account: string }) => x.account).sort();
    };
    expect(await accountsSeen('shop1')).toEqual(['user1']);
    expect(await accountsSeen('shop2')).toEqual(['user9']);
    expect(await accountsSeen('shop1', { account: 'user9' })).toEqual([]);
    expect(await accountsSeen('dist1')).toEqual(['user1', 'user9']);
  });
});
