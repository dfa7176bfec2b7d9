import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { moveToParent } from './moves.ts';
import { allLower, directLower, isInSubtree, pathToRoot } from './tree.ts';

// The closure table of migration 023 against the tree it mirrors (decision 026), on PGlite and PostgreSQL.
let db: TestDb;
let deps: Deps;
const clock = new ManualClock('2026-11-27T00:00:00Z');
const ids: Record<string, bigint> = {};
const TIERS = ['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop'] as const;

async function addUser(sql: Sql, account: string, role: string, parent: string | null) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, parent_id, status) VALUES ($1, 'x', $1, $2, $3, 'normal_a') RETURNING id`,
    [account, role, parent === null ? null : ids[parent]],
  );
  ids[account] = r.rows[0].id;
}

const accounts = (rows: { account: string }[]) => rows.map((r) => r.account);
const pathOf = async (account: string) => accounts(await pathToRoot(db, ids[account]));
const admin = { type: 'admin' as const, id: 1 };

beforeAll(async () => {
  db = await freshDb();
  deps = { db, clock } as unknown as Deps;
  // tophq → mainhq → subhq → branch → dist → shop → member, plus a second branch line to move between.
  let parent: string | null = null;
  for (const [i, role] of TIERS.entries()) {
    await addUser(db, `a${i}`, role, parent);
    parent = `a${i}`;
  }
  await addUser(db, 'm1', 'user', 'a5');
  await addUser(db, 'm2', 'user', 'a5');
  await addUser(db, 'm3', 'user', 'a4'); // a member directly under the distributor
  await addUser(db, 'b3', 'branch', 'a2');
  await addUser(db, 'b4', 'distributor', 'b3');
});
afterAll(() => db.drop());

describe('agent tree (closure table)', () => {
  it('gives every user its path to the root, itself first', async () => {
    expect(await pathOf('m1')).toEqual(['m1', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
    expect(await pathOf('a0')).toEqual(['a0']);
    expect((await pathToRoot(db, ids.m1)).map((r) => r.depth)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await pathOf('b4')).toEqual(['b4', 'b3', 'a2', 'a1', 'a0']);
  });

  it('tells direct lower from all lower, with filters and pages', async () => {
    expect(accounts((await directLower(db, ids.a4)).rows).sort()).toEqual(['a5', 'm3']);
    const all = await allLower(db, ids.a4);
    expect(accounts(all.rows).sort()).toEqual(['a5', 'm1', 'm2', 'm3']);
    expect(all.total).toBe(4);
    expect(accounts((await allLower(db, ids.a0, { role: 'user' })).rows)).toEqual(['m3', 'm2', 'm1']);
    expect(accounts((await allLower(db, ids.a0, { search: 'b' })).rows)).toEqual(['b4', 'b3']);
    const page = await allLower(db, ids.a0, {}, { skip: 1, limit: 2 });
    expect(page.total).toBe(10);
    expect(accounts(page.rows)).toEqual(['b3', 'm3']);
    expect((await directLower(db, ids.m1)).rows).toEqual([]);
  });

  it('knows the subtree: itself and below, never a sibling or above', async () => {
    expect(await isInSubtree(db, ids.a5, ids.m1)).toBe(true);
    expect(await isInSubtree(db, ids.a5, ids.a5)).toBe(true);
    expect(await isInSubtree(db, ids.a0, ids.m3)).toBe(true);
    expect(await isInSubtree(db, ids.b3, ids.m1)).toBe(false);
    expect(await isInSubtree(db, ids.a5, ids.a4)).toBe(false);
    expect(await isInSubtree(db, ids.a5, 999_999n)).toBe(false);
  });

  it('moves an agent with its whole subtree, writing history and audit in the same transaction', async () => {
    // The distributor a4 (with shop a5, members m1, m2 and m3) goes under the other branch b3.
    const audit0 = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'agent.tree.move'`);
    const r = await moveToParent(deps, admin, { userId: ids.a4, parentId: ids.b3, memo: '  region change ' });
    expect(await pathOf('m1')).toEqual(['m1', 'a5', 'a4', 'b3', 'a2', 'a1', 'a0']);
    expect(await pathOf('m3')).toEqual(['m3', 'a4', 'b3', 'a2', 'a1', 'a0']);
    expect(await pathOf('a5')).toEqual(['a5', 'a4', 'b3', 'a2', 'a1', 'a0']);
    expect(await isInSubtree(db, ids.a3, ids.m1)).toBe(false);
    expect(accounts((await allLower(db, ids.a3)).rows)).toEqual([]);
    expect(accounts((await directLower(db, ids.b3)).rows).sort()).toEqual(['a4', 'b4']);
    const h = await db.query(`SELECT * FROM user_parent_history WHERE id = $1`, [r.historyId]);
    expect(h.rows[0]).toMatchObject({ user_id: ids.a4, old_parent_id: ids.a3, new_parent_id: ids.b3, moved_by: 1n, memo: 'region change' });
    const audit = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'agent.tree.move'`);
    expect(audit.rows[0].n).toBe(audit0.rows[0].n + 1);
    // and back again, so later tests see the six-tier chain
    await moveToParent(deps, admin, { userId: ids.a4, parentId: ids.a3 });
    expect(await pathOf('m1')).toEqual(['m1', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
  });

  it('moves a member under any agent, even a top one', async () => {
    await moveToParent(deps, admin, { userId: ids.m2, parentId: ids.a0 });
    expect(await pathOf('m2')).toEqual(['m2', 'a0']);
    await moveToParent(deps, admin, { userId: ids.m2, parentId: ids.a5 });
    expect(await pathOf('m2')).toEqual(['m2', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
  });

  it('refuses cycles, wrong tiers, members as parents and a move to the same parent, changing nothing', async () => {
    const before = await db.query('SELECT * FROM user_tree ORDER BY ancestor_id, descendant_id');
    const historyBefore = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_parent_history');
    const refusal = (userId: bigint, parentId: bigint) =>
      moveToParent(deps, admin, { userId, parentId }).then(
        () => 'moved',
        (e: { code?: string }) => e.code,
      );
    expect(await refusal(ids.a2, ids.a4)).toBe('tree_move_cycle'); // under its own lower
    expect(await refusal(ids.a5, ids.a5)).toBe('tree_move_cycle'); // under itself
    expect(await refusal(ids.b4, ids.a4)).toBe('tree_parent_tier'); // a distributor under a distributor
    expect(await refusal(ids.b3, ids.a5)).toBe('tree_parent_tier'); // a branch under a shop of another line
    expect(await refusal(ids.b3, ids.b4)).toBe('tree_move_cycle');
    expect(await refusal(ids.m1, ids.m2)).toBe('agent_not_found'); // a member is no parent
    expect(await refusal(ids.m1, ids.a5)).toBe('tree_same_parent');
    expect(await refusal(999_999n, ids.a5)).toBe('member_not_found');
    expect((await db.query('SELECT * FROM user_tree ORDER BY ancestor_id, descendant_id')).rows).toEqual(before.rows);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_parent_history')).rows[0].n).toBe(historyBefore.rows[0].n);
  });

  it('refuses a cycle in the trigger too, whoever writes parent_id', async () => {
    await expect(db.query('UPDATE users SET parent_id = $1 WHERE id = $2', [ids.m1, ids.a0])).rejects.toThrow(/user_tree_cycle/);
    expect(await pathOf('a0')).toEqual(['a0']);
  });

  it.runIf(testEngine === 'pg')('keeps the paths right when two moves of overlapping subtrees run at once', async () => {
    // a0 → a1 → x1 → x1m; x1 goes under y1 while a1 (still holding x1 when it starts) goes under t2.
    await addUser(db, 'x1', 'sub_hq', 'a1');
    await addUser(db, 'x1m', 'user', 'x1');
    await addUser(db, 'y1', 'main_hq', 'a0');
    await addUser(db, 't2', 'top_hq', null);
    const results = await Promise.allSettled([
      moveToParent(deps, admin, { userId: ids.x1, parentId: ids.y1 }),
      moveToParent(deps, admin, { userId: ids.a1, parentId: ids.t2 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await pathOf('x1m')).toEqual(['x1m', 'x1', 'y1', 'a0']);
    expect(await pathOf('m1')).toEqual(['m1', 'a5', 'a4', 'a3', 'a2', 'a1', 't2']);
  });

  it('holds exactly the paths users.parent_id implies after every move', async () => {
    const derived = await db.query(
      `WITH RECURSIVE up AS (SELECT id AS descendant_id, id AS ancestor_id, parent_id, 0 AS depth FROM users
                             UNION ALL SELECT up.descendant_id, p.id, p.parent_id, up.depth + 1 FROM up JOIN users p ON p.id = up.parent_id)
       SELECT ancestor_id, descendant_id, depth FROM up ORDER BY ancestor_id, descendant_id`,
    );
    const stored = await db.query('SELECT ancestor_id, descendant_id, depth FROM user_tree ORDER BY ancestor_id, descendant_id');
    expect(stored.rows.length).toBeGreaterThan(30);
    expect(stored.rows).toEqual(derived.rows);
  });

  it.runIf(testEngine === 'pg')('answers direct lower, all lower, path to root and the subtree check from an index', async () => {
    await db.query('ANALYZE user_tree');
    await db.query('ANALYZE users');
    const plan = (query: string, params: unknown[]) =>
      db.tx(async (sql) => {
        await sql.query('SET LOCAL enable_seqscan = off'); // a tiny table would be scanned: ask whether an index can answer
        const r = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, params);
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      });
    // The queries the tree functions send, caught on their way to the database.
    const sent = async (run: (sql: Sql) => Promise<unknown>) => {
      let last: [string, unknown[]] = ['', []];
      const spy = { query: (text: string, params: unknown[]) => ((last = [text, params]), db.query(text, params)) } as unknown as Sql;
      await run(spy);
      return plan(...last);
    };
    expect(await sent((sql) => directLower(sql, ids.a0))).toMatch(/user_tree_ancestor_depth_idx/);
    expect(await sent((sql) => allLower(sql, ids.a0, { role: 'user' }))).toMatch(/Index.* on user_tree /);
    expect(await sent((sql) => pathToRoot(sql, ids.m1))).toMatch(/user_tree_descendant_idx/);
    expect(await sent((sql) => isInSubtree(sql, ids.a0, ids.m1))).toMatch(/user_tree_pkey/);
    // the probe can fail: a column no index covers is still scanned
    expect(await plan(`SELECT memo FROM user_parent_history WHERE memo = 'x'`, [])).toMatch(/Seq Scan/);
  });
});
