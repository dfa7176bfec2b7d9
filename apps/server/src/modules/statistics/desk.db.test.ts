import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { agentChain } from '../../test/agent-chain.ts';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { holdingsBelow, refreshHoldings } from './holdings.ts';
import { rebuildStatistics } from './index.ts';

// Joins and logins are counted per (account on the path, KST day, own) as the users and
// sessions rows are written (migration 032); the rebuild recomputes the same rows.
let db: TestDb;
const clock = new ManualClock('2026-03-01T14:59:00Z'); // 23:59 on 1 March in Seoul
let agents: bigint[];
let member: bigint;
beforeAll(async () => {
  db = await freshDb();
  ({ agents, member } = await agentChain(db, clock, 'dk', [{}, {}, {}, {}, {}, {}]));
});
afterAll(() => db?.drop());

async function join(account: string, parent: bigint, at: string, role = 'user') {
  const r = await db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, status, parent_id, created_at) VALUES ($1, 'x', $1, $2, 'normal_a', $3, $4) RETURNING id`,
    [account, role, parent, at],
  );
  return r.rows[0].id;
}
let n = 0;
async function login(subject: bigint, at: string, audience = 'user') {
  await db.query(
    `INSERT INTO sessions (token_hash, audience, subject_id, ip, created_at, rotated_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, '127.0.0.1', $4, $4, $4, $4::timestamptz + interval '1 day')`,
    [`dk-${++n}`, audience, subject, at],
  );
}

const rows = async () =>
  (
    await db.query<{ agent_id: string; day: string; own: boolean; join_count: number; login_count: number }>(
      `SELECT agent_id::text, day::text, own, join_count, login_count FROM stat_desk_days
       WHERE join_count <> 0 OR login_count <> 0 ORDER BY agent_id, day, own`,
    )
  ).rows;

describe(`money-desk joins and logins on ${testEngine}`, () => {
  it('counts each join and member login up every ancestor and for the site, per KST day, equal to a rebuild', async () => {
    const shop = agents[5];
    const m2 = await join('dk_m2', shop, '2026-03-01T14:59:30Z'); // 1 March in Seoul
    const m3 = await join('dk_m3', agents[2], '2026-03-01T15:00:30Z'); // 2 March in Seoul
    await join('dk_shop2', agents[4], '2026-03-01T15:01:00Z', 'shop'); // an agent: not a join
    await login(member, '2026-03-01T14:00:00Z');
    await login(member, '2026-03-01T15:10:00Z');
    await login(m2, '2026-03-01T15:20:00Z');
    await login(m3, '2026-03-01T16:00:00Z');
    await login(agents[0], '2026-03-01T16:00:00Z', 'agent'); // an agent's own sign-in: not a member login

    const incremental = await rows();
    const get = (agent: bigint | number, day: string, own: boolean) =>
      incremental.find((r) => r.agent_id === String(agent) && r.day === day && r.own === own) ?? { join_count: 0, login_count: 0 };
    // The top HQ: m2 joined on 1 March and m3 on 2 March below it; three member logins on 2 March.
    expect(get(agents[0], '2026-03-01', false)).toMatchObject({ join_count: 1, login_count: 1 });
    expect(get(agents[0], '2026-03-02', false)).toMatchObject({ join_count: 1, login_count: 3 });
    expect(get(agents[0], '2026-03-02', true)).toMatchObject({ join_count: 0, login_count: 0 });
    // The shop sees m2 (and the chain's member) but not m3, who is under the sub HQ.
    expect(get(shop, '2026-03-02', false)).toMatchObject({ join_count: 0, login_count: 2 });
    expect(get(m2, '2026-03-01', true)).toMatchObject({ join_count: 1 });
    expect(get(0, '2026-03-02', false)).toMatchObject({ join_count: 1, login_count: 3 });

    // The range of these events (the chain's accounts were made today, before their parents were set:
    // like bets, a join stays under the agents of its time, the rebuild puts it under the current ones).
    await rebuildStatistics(db, { from: '2026-03-01', to: '2026-03-02' });
    expect(await rows()).toEqual(incremental);
  });

  it('the holdings job writes per agent what a live sum of its subtree gives, read with its time', async () => {
    const at = new Date('2026-03-02T00:00:00Z');
    expect(await refreshHoldings(db, at)).toBe(true);
    const snap = await holdingsBelow(db, agents);
    expect(snap.asOf?.toISOString()).toBe(at.toISOString());
    // The test's own sum: every account below each agent with its balances, added up here.
    for (const agent of agents) {
      const below = await db.query<{ role: string; asset: string | null; balance: bigint | null }>(
        `SELECT u.role, a.asset, a.balance FROM user_tree t JOIN users u ON u.id = t.descendant_id
         LEFT JOIN ledger_accounts a ON a.owner_type = 'user' AND a.owner_id = u.id
         WHERE t.ancestor_id = $1 AND t.depth > 0`,
        [agent],
      );
      const want = { member_count: 0n, member_money: 0n, member_point: 0n, member_egg: 0n, lower_money: 0n, lower_point: 0n };
      for (const x of below.rows) {
        const v = BigInt(x.balance ?? 0);
        if (x.role === 'user') {
          if (x.asset === 'money') want.member_money += v;
          if (x.asset === 'point') want.member_point += v;
          if (x.asset === 'egg') want.member_egg += v;
        } else {
          if (x.asset === 'money') want.lower_money += v;
          if (x.asset === 'point') want.lower_point += v;
        }
      }
      const count = await db.query<{ n: bigint }>(
        `SELECT count(*) AS n FROM user_tree t JOIN users u ON u.id = t.descendant_id WHERE t.ancestor_id = $1 AND t.depth > 0 AND u.role = 'user'`,
        [agent],
      );
      want.member_count = BigInt(count.rows[0].n);
      const got = snap.holdings.get(agent);
      if (got) expect(got, String(agent)).toEqual(want);
      else expect(want, `${agent} has no row, so nothing below it`).toEqual({ ...want, member_count: 0n, member_money: 0n, lower_money: 0n });
    }
    // An agent the job has not seen yet gets its row from the job's statement scoped to it, once.
    await db.query('DELETE FROM stat_holdings WHERE agent_id = $1', [agents[0]]);
    const live = await holdingsBelow(db, [agents[0]]);
    expect(live.holdings.get(agents[0])).toEqual(snap.holdings.get(agents[0]));
    expect((await db.query('SELECT 1 FROM stat_holdings WHERE agent_id = $1', [agents[0]])).rows).toHaveLength(1);
    expect(snap.holdings.get(agents[0])?.member_count).toBe(3n);
    expect(snap.holdings.get(agents[0])?.member_money).toBeGreaterThan(0n);
  });
});
