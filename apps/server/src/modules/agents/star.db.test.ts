import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import { harness, type Harness } from '../../test/app.ts';
import { HOUSE, transfer } from '../ledger/index.ts';

// The agent tree screen (/pa-star) on the seeded chain tophq1 > mainhq1 > subhq1 > branch1 > dist1 > shop1 > user1…7, test1, test2,
// plus a sibling branch2 > shop9 > user99 under subhq1 that branch1 must never see.
let h: Harness;
const idOf = async (account: string) => Number((await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id);
type Node = { id: number; account: string; role: string; depth: number; parent_id: number | null; [k: string]: unknown };

const star = async (token: string, path: '/api/agent/star/children' | '/api/agent/star/search', body: unknown) => {
  const r = await h.call(path, body, { token });
  return { status: r.status, code: r.json.error?.code as string | undefined, data: r.json.data };
};

beforeAll(async () => {
  h = await harness();
  const hash = await hashPassword('1234');
  const add = async (account: string, role: string, parent: number) =>
    (
      await h.db.query<{ id: bigint }>(
        `INSERT INTO users (account, password_hash, nickname, role, parent_id, status, level) VALUES ($1, $2, $1, $3, $4, 'normal_a', 1) RETURNING id`,
        [account, hash, role, parent],
      )
    ).rows[0].id;
  const branch2 = await add('branch2', 'branch', await idOf('subhq1'));
  const shop9 = await add('shop9', 'shop', Number(branch2));
  await add('user99', 'user', Number(shop9));
});
afterAll(() => h.close());

describe('agent tree screen (/pa-star)', () => {
  it('opens on the agent itself and its direct lower accounts, with tier, balances and counts below', async () => {
    const top = await h.login('agent', 'tophq1');
    const r = await star(top, '/api/agent/star/children', {});
    expect(r.status).toBe(200);
    expect(r.data.parent).toMatchObject({ account: 'tophq1', role: 'top_hq', depth: 0, children: 1, lower_count: 17, member_count: 10, agent_count: 7 });
    expect(r.data.total).toBe(1);
    expect(r.data.rows[0]).toMatchObject({ account: 'mainhq1', role: 'main_hq', depth: 1, parent_id: await idOf('tophq1'), member_count: 10, agent_count: 6 });
    expect(r.data.rows[0].propirty).toBeGreaterThan(r.data.parent.propirty);
  });

  it('a top-HQ agent walks the whole chain down to a shop and its members', async () => {
    const top = await h.login('agent', 'tophq1');
    let parent = await idOf('tophq1');
    const chain: string[] = [];
    for (let step = 0; step < 5; step++) {
      const r = await star(top, '/api/agent/star/children', { parent_id: parent });
      expect(r.status).toBe(200);
      const next = (r.data.rows as Node[]).find((n) => n.account !== 'branch2')!;
      chain.push(next.account);
      parent = next.id;
    }
    expect(chain).toEqual(['mainhq1', 'subhq1', 'branch1', 'dist1', 'shop1']);
    const members = await star(top, '/api/agent/star/children', { parent_id: parent });
    expect(members.data.parent).toMatchObject({ account: 'shop1', depth: 5, member_count: 9, agent_count: 0 });
    expect(members.data.total).toBe(9);
    expect((members.data.rows as Node[]).every((n) => n.role === 'user' && n.depth === 6 && n.children === 0)).toBe(true);
  });

  it('shows the ledger money and point balances as decimal strings', async () => {
    const user3 = await idOf('user3');
    const fund = (asset: 'money' | 'point', amount: bigint) =>
      h.db.tx((sql) =>
        transfer(sql, h.clock, {
          idempotencyKey: `star-fund-${asset}`,
          kind: 'test.fund',
          from: { house: HOUSE.deposits, asset },
          to: { user: BigInt(user3), asset },
          amount,
        }),
      );
    const balance = async (asset: string) =>
      String(
        (
          await h.db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $1 AND asset = $2`, [
            user3,
            asset,
          ])
        ).rows[0]?.balance ?? 0n,
      );
    await fund('money', 12_345n);
    await fund('point', 678n);
    const shop = await h.login('agent', 'shop1');
    const r = await star(shop, '/api/agent/star/children', {});
    const row = (r.data.rows as Node[]).find((n) => n.id === user3)!;
    expect(row.money).toBe(await balance('money'));
    expect(row.point).toBe(await balance('point'));
    expect(Number(row.point)).toBeGreaterThanOrEqual(678);
  });

  it('an agent cannot read a sibling’s node, nor anything above itself, whatever id it guesses', async () => {
    const branch1 = await h.login('agent', 'branch1');
    for (const account of ['branch2', 'shop9', 'user99', 'subhq1', 'tophq1']) {
      const r = await star(branch1, '/api/agent/star/children', { parent_id: await idOf(account) });
      expect({ account, status: r.status, code: r.code }).toEqual({ account, status: 404, code: 'not_in_subtree' });
    }
    const unknown = await star(branch1, '/api/agent/star/children', { parent_id: 9_999_999 });
    expect({ status: unknown.status, code: unknown.code }).toEqual({ status: 404, code: 'not_in_subtree' });
    const own = await star(branch1, '/api/agent/star/children', { parent_id: await idOf('shop1') });
    expect(own.status).toBe(200);
    // And the sibling sees its own branch only.
    const branch2 = await h.login('agent', 'branch2', '1234');
    const mine = await star(branch2, '/api/agent/star/children', {});
    expect((mine.data.rows as Node[]).map((n) => n.account)).toEqual(['shop9']);
    expect((await star(branch2, '/api/agent/star/children', { parent_id: await idOf('dist1') })).code).toBe('not_in_subtree');
  });

  it('searches inside the subtree only, each match with the path from the agent down to its parent', async () => {
    const branch1 = await h.login('agent', 'branch1');
    const users = await star(branch1, '/api/agent/star/search', { q: 'user' });
    expect(users.status).toBe(200);
    const accounts = (users.data.rows as Node[]).map((n) => n.account);
    expect(accounts).toContain('user1');
    expect(accounts).not.toContain('user99'); // under the sibling branch
    const user5 = (users.data.rows as (Node & { path: { account: string }[] })[]).find((n) => n.account === 'user5')!;
    expect(user5.depth).toBe(3);
    expect(user5.path.map((s) => s.account)).toEqual(['branch1', 'dist1', 'shop1']);

    expect((await star(branch1, '/api/agent/star/search', { q: 'shop9' })).data.rows).toEqual([]);
    expect((await star(branch1, '/api/agent/star/search', { q: 'branch1' })).data.rows).toEqual([]); // itself is the root, not a match
    const exact = await star(branch1, '/api/agent/star/search', { q: 'shop1' });
    expect(exact.data.rows[0]).toMatchObject({ account: 'shop1', role: 'shop', depth: 2, member_count: 9 });

    const top = await h.login('agent', 'tophq1');
    const far = await star(top, '/api/agent/star/search', { q: 'user99' });
    expect(far.data.rows[0].path.map((s: { account: string }) => s.account)).toEqual(['tophq1', 'mainhq1', 'subhq1', 'branch2', 'shop9']);
  });

  it('refuses an empty search and a member token', async () => {
    const top = await h.login('agent', 'tophq1');
    expect((await star(top, '/api/agent/star/search', { q: '  ' })).status).toBe(400);
    const member = await h.login('user', 'user1');
    expect((await star(member, '/api/agent/star/children', {})).status).toBe(401);
  });
});
