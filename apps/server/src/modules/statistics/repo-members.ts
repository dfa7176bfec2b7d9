import type { Sql } from '../../platform/db.ts';
import { accountsOf, memberSums, toFigures, type MemberDayRow } from './repo-read.ts';
import { FIGURES } from './figures.ts';

/**
 * Member rows of an agent's subtree for the zeus pages, read at 100,000 members ("Reads at scale",
 * decision 030): never an aggregate over every member-day row of the subtree. Per member: the
 * bettors of the range by stake from the stake index, then the others in id order, and only the
 * page's rows are summed; per day: each
 * day's count is the subtree's `bettors` of stat_agent_days, so only the days the page falls on
 * are read and ordered (one day at most a few thousand rows per 100,000 members).
 */

const AGENT_ROLES = ['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop'];
const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;
const SUMS = FIGURES.map((f) => `coalesce(sum(${f}), 0)::bigint AS ${f}`).join(', ');

/** How many members are below the agent: user_tree entries less the agents among them (a few hundred). */
async function memberCount(sql: Sql, agentId: bigint) {
  const r = await sql.query<{ n: bigint }>(
    `SELECT (SELECT count(*) FROM user_tree WHERE ancestor_id = $1 AND depth > 0)
          - (SELECT count(*) FROM users u JOIN user_tree t ON t.ancestor_id = $1 AND t.descendant_id = u.id AND t.depth > 0
             WHERE u.role = ANY($2::text[])) AS n`,
    [agentId, AGENT_ROLES],
    'stat_member_count',
  );
  return Number(r.rows[0].n);
}

async function searchCount(sql: Sql, agentId: bigint, search: string) {
  const r = await sql.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM user_tree t JOIN users u ON u.id = t.descendant_id
     WHERE t.ancestor_id = $1 AND t.depth > 0 AND u.role = 'user' AND (u.account ILIKE $2 OR u.nickname ILIKE $2)`,
    [agentId, likeOf(search)],
    'stat_members_search_count',
  );
  return Number(r.rows[0].n);
}

/**
 * Per member over a range, by stake (descending), then the members without a settled bet in id
 * order; totals: the subtree's row of stat_agent_days, or with a search the sums of the matching
 * members' rows.
 */
export async function memberTotalsPage(sql: Sql, q: { agentId: bigint; from: string; to: string; search?: string; skip: number; limit: number }) {
  const [staked, total, totals] = await Promise.all([
    stakedPage(sql, q),
    q.search ? searchCount(sql, q.agentId, q.search) : memberCount(sql, q.agentId),
    q.search ? searchTotals(sql, q.agentId, q.search, q.from, q.to) : subtreeTotals(sql, q.agentId, q.from, q.to),
  ]);
  const ids = [...staked.ids];
  if (ids.length < q.limit) ids.push(...(await idlePage(sql, q, Math.max(0, q.skip - staked.n), q.limit - ids.length)));
  const [accounts, sums] = await Promise.all([accountsOf(sql, ids), memberSums(sql, ids, q.from, q.to)]);
  const rows: MemberDayRow[] = ids.map((id) => ({ ...accounts.get(id)!, id, day: null, f: sums.get(id) ?? toFigures({}) }));
  return { rows, total, totals };
}

type PageQuery = { agentId: bigint; from: string; to: string; search?: string; skip: number; limit: number };
const searchOf = (q: PageQuery) => (q.search ? likeOf(q.search) : null);
/** The search ($5, null for none) on the member whose id is `col`: account or nickname contains it. */
const matches = (col: string) => `($5::text IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${col} AND (u.account ILIKE $5 OR u.nickname ILIKE $5)))`;

/**
 * The subtree's members with a settled bet in the range, by their summed stake: an index-only walk
 * of the range over the stake index of 032 (`(day, game_type, bet_amount DESC, member_id) WHERE
 * bet_count > 0`: bettors only, a few thousand a day per 100,000 members), each checked against
 * the subtree by user_tree's key; `n` = how many there are, so the idle members follow them.
 */
async function stakedPage(sql: Sql, q: PageQuery) {
  const r = await sql.query<{ n: number; ids: string[] }>(
    `WITH s AS MATERIALIZED (
       SELECT k.member_id, sum(k.bet_amount) AS staked FROM stat_member_days k
       WHERE k.day BETWEEN $2::date AND $3::date AND k.game_type = 'all' AND k.bet_count > 0
         AND EXISTS (SELECT 1 FROM user_tree t WHERE t.ancestor_id = $1 AND t.descendant_id = k.member_id AND t.depth > 0)
         AND ${matches('k.member_id')}
       GROUP BY k.member_id)
     SELECT (SELECT count(*) FROM s)::int AS n,
            coalesce((SELECT array_agg(p.member_id::text ORDER BY p.staked DESC, p.member_id)
                      FROM (SELECT * FROM s ORDER BY staked DESC, member_id OFFSET $4 LIMIT $6) p), '{}') AS ids`,
    [q.agentId, q.from, q.to, q.skip, searchOf(q), q.limit],
    'stat_members_by_stake',
  );
  return { n: r.rows[0].n, ids: r.rows[0].ids.map(BigInt) };
}

/** The subtree's members without a settled bet in the range, in id order (the list's tail). */
async function idlePage(sql: Sql, q: PageQuery, skip: number, limit: number) {
  const r = await sql.query<{ id: string }>(
    `SELECT t.descendant_id::text AS id FROM user_tree t JOIN users m0 ON m0.id = t.descendant_id AND m0.role = 'user'
     WHERE t.ancestor_id = $1 AND t.depth > 0 AND ${matches('t.descendant_id')}
       AND NOT EXISTS (SELECT 1 FROM stat_member_days m WHERE m.member_id = t.descendant_id AND m.day BETWEEN $2::date AND $3::date
                       AND m.game_type = 'all' AND m.bet_count > 0)
     ORDER BY t.descendant_id OFFSET $4 LIMIT $6`,
    [q.agentId, q.from, q.to, skip, searchOf(q), limit],
    'stat_members_idle',
  );
  return r.rows.map((x) => BigInt(x.id));
}

async function subtreeTotals(sql: Sql, agentId: bigint, from: string, to: string) {
  const r = await sql.query(
    `SELECT ${SUMS}, coalesce(sum(bettors), 0)::bigint AS bettors FROM stat_agent_days
     WHERE agent_id = $1 AND day BETWEEN $2::date AND $3::date AND game_type = 'all'`,
    [agentId, from, to],
    'stat_subtree_totals',
  );
  return toFigures(r.rows[0]);
}

async function searchTotals(sql: Sql, agentId: bigint, search: string, from: string, to: string) {
  const r = await sql.query(
    `SELECT ${SUMS.replaceAll('sum(', 'sum(m.')}, count(*) FILTER (WHERE m.bet_count > 0)::bigint AS bettors
     FROM user_tree t JOIN users u ON u.id = t.descendant_id
     JOIN stat_member_days m ON m.member_id = t.descendant_id AND m.day BETWEEN $3::date AND $4::date AND m.game_type = 'all'
     WHERE t.ancestor_id = $1 AND t.depth > 0 AND u.role = 'user' AND (u.account ILIKE $2 OR u.nickname ILIKE $2)`,
    [agentId, likeOf(search), from, to],
    'stat_search_totals',
  );
  return toFigures(r.rows[0]);
}

type DayCount = { day: string; n: number };

/**
 * Per (day, member) over a range, newest day first and by stake within a day: the rows of the
 * days the page falls on only. A search reads the matching members' rows (member index).
 */
export async function memberDaysPage(sql: Sql, q: { agentId: bigint; from: string; to: string; search?: string; skip: number; limit: number }) {
  if (q.search) return searchDays(sql, { ...q, search: q.search });
  const counts = await sql.query<{ day: string; n: number; [k: string]: unknown }>(
    `SELECT day::text AS day, bettors AS n, ${FIGURES.join(', ')} FROM stat_agent_days
     WHERE agent_id = $1 AND day BETWEEN $2::date AND $3::date AND game_type = 'all' AND bettors > 0 ORDER BY day DESC`,
    [q.agentId, q.from, q.to],
    'stat_subtree_day_counts',
  );
  const totals = toFigures({});
  for (const x of counts.rows) {
    const f = toFigures(x);
    for (const k of FIGURES) totals[k] += f[k];
    totals.bettors += BigInt(x.n);
  }
  const rows: MemberDayRow[] = [];
  let skip = q.skip;
  for (const d of counts.rows as DayCount[]) {
    if (rows.length >= q.limit) break;
    if (skip >= d.n) {
      skip -= d.n;
      continue;
    }
    rows.push(...(await dayRows(sql, q.agentId, d.day, skip, q.limit - rows.length)));
    skip = 0;
  }
  const total = counts.rows.reduce((s, d) => s + Number(d.n), 0);
  return { rows, total, totals };
}

const rowOf = (x: Record<string, unknown>): MemberDayRow => ({
  id: BigInt(x.member_id as bigint),
  account: x.account as string,
  nickname: x.nickname as string,
  role: x.role as string,
  parent_account: (x.parent_account as string | null) ?? null,
  day: x.day as string,
  f: toFigures(x),
});

/** One day's members of the subtree who bet, by stake: the page's keys from the stake index (032), then their rows. */
async function dayRows(sql: Sql, agentId: bigint, day: string, skip: number, limit: number) {
  const r = await sql.query(
    `SELECT g.*, u.account, u.nickname, u.role, p.account AS parent_account
     FROM (SELECT m.day::text AS day, m.member_id, ${FIGURES.map((f) => `m.${f}`).join(', ')}, 1 AS bettors
           FROM (SELECT k.member_id FROM stat_member_days k
                 WHERE k.day = $2::date AND k.game_type = 'all' AND k.bet_count > 0
                   AND EXISTS (SELECT 1 FROM user_tree t WHERE t.ancestor_id = $1 AND t.descendant_id = k.member_id AND t.depth > 0)
                 ORDER BY k.bet_amount DESC, k.member_id OFFSET $3 LIMIT $4) pg
           JOIN stat_member_days m ON m.day = $2::date AND m.game_type = 'all' AND m.member_id = pg.member_id) g
     JOIN users u ON u.id = g.member_id LEFT JOIN users p ON p.id = u.parent_id
     ORDER BY g.bet_amount DESC, g.member_id`,
    [agentId, day, skip, limit],
    'stat_subtree_day_rows',
  );
  return r.rows.map(rowOf);
}

async function searchDays(sql: Sql, q: { agentId: bigint; from: string; to: string; search: string; skip: number; limit: number }) {
  const totalsP = searchTotals(sql, q.agentId, q.search, q.from, q.to);
  const r = await sql.query(
    `SELECT m.day::text AS day, m.member_id, ${FIGURES.map((f) => `m.${f}`).join(', ')}, 1 AS bettors,
       u.account, u.nickname, u.role, p.account AS parent_account, count(*) OVER () AS total
     FROM user_tree t JOIN users u ON u.id = t.descendant_id LEFT JOIN users p ON p.id = u.parent_id
     JOIN stat_member_days m ON m.member_id = t.descendant_id AND m.day BETWEEN $3::date AND $4::date AND m.game_type = 'all' AND m.bet_count > 0
     WHERE t.ancestor_id = $1 AND t.depth > 0 AND u.role = 'user' AND (u.account ILIKE $2 OR u.nickname ILIKE $2)
     ORDER BY m.day DESC, m.bet_amount DESC, m.member_id OFFSET $5 LIMIT $6`,
    [q.agentId, likeOf(q.search), q.from, q.to, q.skip, q.limit],
    'stat_search_day_rows',
  );
  const totals = await totalsP;
  return { rows: r.rows.map(rowOf), total: Number(r.rows[0]?.total ?? totals.bettors), totals };
}
