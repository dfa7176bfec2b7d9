import type { Db, Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import type { Holdings } from './repo-read.ts';

/**
 * Holdings at scale (decision 030, "Reads at scale"): summing the balances of a 100,000-member
 * subtree per request costs seconds, so a job writes per agent what the subtree below it holds
 * (stat_holdings) and the pages read it by primary key, saying how old it is. The spec has
 * statistics refreshed nightly; minutes-old holdings are within that. An agent the job has not
 * seen yet (created since) gets its row from the job's statement scoped to it, once.
 */

const HOLDINGS_LOCK = 18_030_032;
const TIERS = ['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop'];

/**
 * The one computation of holdings: per agent, what the subtree below it holds, upserted into
 * stat_holdings. `scoped`: only the agents of $3 (an agent the job has not seen yet), reading only
 * their subtrees' accounts; otherwise every agent (the job).
 */
const refreshSql = (scoped: boolean) => `
  WITH b AS (
    SELECT owner_id AS id,
      sum(balance) FILTER (WHERE asset = 'money') AS money,
      sum(balance) FILTER (WHERE asset = 'point') AS point,
      sum(balance) FILTER (WHERE asset = 'egg') AS egg
    FROM ledger_accounts WHERE owner_type = 'user' AND asset IN ('money', 'point', 'egg')
    ${scoped ? 'AND owner_id IN (SELECT descendant_id FROM user_tree WHERE ancestor_id = ANY($3::bigint[]) AND depth > 0)' : ''}
    GROUP BY owner_id),
  s AS (
    SELECT t.ancestor_id AS agent_id,
      count(*) FILTER (WHERE u.role = 'user') AS member_count,
      coalesce(sum(b.money) FILTER (WHERE u.role = 'user'), 0) AS member_money,
      coalesce(sum(b.point) FILTER (WHERE u.role = 'user'), 0) AS member_point,
      coalesce(sum(b.egg) FILTER (WHERE u.role = 'user'), 0) AS member_egg,
      coalesce(sum(b.money) FILTER (WHERE u.role = ANY($2::text[])), 0) AS lower_money,
      coalesce(sum(b.point) FILTER (WHERE u.role = ANY($2::text[])), 0) AS lower_point
    FROM user_tree t JOIN users u ON u.id = t.descendant_id LEFT JOIN b ON b.id = t.descendant_id
    WHERE t.depth > 0 ${scoped ? 'AND t.ancestor_id = ANY($3::bigint[])' : ''} GROUP BY t.ancestor_id)
  INSERT INTO stat_holdings (agent_id, member_count, member_money, member_point, member_egg, lower_money, lower_point, as_of)
  SELECT s.*, $1::timestamptz FROM s
  ON CONFLICT (agent_id) DO UPDATE SET member_count = EXCLUDED.member_count, member_money = EXCLUDED.member_money,
    member_point = EXCLUDED.member_point, member_egg = EXCLUDED.member_egg, lower_money = EXCLUDED.lower_money,
    lower_point = EXCLUDED.lower_point, as_of = EXCLUDED.as_of
  RETURNING agent_id, member_count, member_money, member_point, member_egg, lower_money, lower_point, as_of`;

/** Rewrites every agent's row; a second server running it at the same time skips. */
export async function refreshHoldings(db: Db, now: Date) {
  return db.tx(async (sql) => {
    const got = await sql.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [HOLDINGS_LOCK]);
    if (!got.rows[0].ok) return false;
    await sql.query(refreshSql(false), [now, TIERS], 'stat_holdings_refresh');
    // Agents left with nothing below them (moved away) keep no stale row.
    await sql.query('DELETE FROM stat_holdings WHERE as_of < $1', [now], 'stat_holdings_prune');
    return true;
  });
}

export function jobs(deps: Deps): Job[] {
  return [{ name: 'stat-holdings', everyMs: 5 * 60_000, run: () => refreshHoldings(deps.db, deps.clock.now()).then(() => undefined) }];
}

const n = (x: unknown) => BigInt((x as bigint | number | string | null) ?? 0);

/** What the subtree below each agent holds (snapshot), and the oldest snapshot read. */
export async function holdingsBelow(sql: Sql, agentIds: bigint[]) {
  const out = new Map<bigint, Holdings>();
  let asOf: Date | null = null;
  if (agentIds.length === 0) return { holdings: out, asOf };
  const r = await sql.query(
    `SELECT agent_id, member_count, member_money, member_point, member_egg, lower_money, lower_point, as_of
     FROM stat_holdings WHERE agent_id = ANY($1::bigint[])`,
    [agentIds.map(String)],
    'stat_holdings_read',
  );
  // Agents the job has not seen yet: the job's own statement for them alone, once (their rows stay).
  const seen = new Set(r.rows.map((x) => BigInt(x.agent_id as bigint)));
  const missing = agentIds.filter((id) => !seen.has(id));
  const fresh = missing.length > 0 ? (await sql.query(refreshSql(true), [new Date(), TIERS, missing.map(String)], 'stat_holdings_missing')).rows : [];
  for (const x of [...r.rows, ...fresh]) {
    const at = new Date(x.as_of as string | Date);
    if (asOf === null || at < asOf) asOf = at;
    out.set(BigInt(x.agent_id as bigint), {
      member_count: n(x.member_count),
      member_money: n(x.member_money),
      member_point: n(x.member_point),
      member_egg: n(x.member_egg),
      lower_money: n(x.lower_money),
      lower_point: n(x.lower_point),
    });
  }
  return { holdings: out, asOf };
}

/** The accounts' own balances (one ledger row per asset each): members count as one member. */
export async function ownHoldings(sql: Sql, ids: bigint[], members: Set<bigint>) {
  const out = new Map<bigint, Holdings>();
  if (ids.length === 0) return out;
  const r = await sql.query(
    `SELECT owner_id AS id,
       coalesce(sum(balance) FILTER (WHERE asset = 'money'), 0) AS money,
       coalesce(sum(balance) FILTER (WHERE asset = 'point'), 0) AS point,
       coalesce(sum(balance) FILTER (WHERE asset = 'egg'), 0) AS egg
     FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = ANY($1::bigint[]) AND asset IN ('money', 'point', 'egg') GROUP BY owner_id`,
    [ids.map(String)],
    'stat_own_balances',
  );
  const byId = new Map(r.rows.map((x) => [BigInt(x.id as bigint), x]));
  for (const id of ids) {
    const x = byId.get(id);
    const member = members.has(id);
    out.set(id, {
      member_count: member ? 1n : 0n,
      member_money: member ? n(x?.money) : 0n,
      member_point: member ? n(x?.point) : 0n,
      member_egg: member ? n(x?.egg) : 0n,
      lower_money: member ? 0n : n(x?.money),
      lower_point: member ? 0n : n(x?.point),
    });
  }
  return out;
}
