import type { Sql } from '../../platform/db.ts';
import { FIGURES, zero, type Figures } from './figures.ts';

/**
 * The statistics reads (decision 030). Bet figures come from the day rows only; money-desk
 * figures and holdings are read per period from their own tables through the indexes of
 * migration 025. A "group" is an account and everything below it (user_tree, depth >= minDepth).
 */

/** `losing` and `loss_fee` are not day-row figures: read per request from `losing_parts` (`losingOf`). */
export type DayFigures = Figures & { bettors: bigint; rolling_own: bigint; losing: bigint; loss_fee: bigint };

const SUMS = FIGURES.map((f) => `coalesce(sum(${f}), 0)::bigint AS ${f}`).join(', ');

export const toFigures = (r: Record<string, unknown>): DayFigures => {
  const f = zero() as DayFigures;
  for (const k of FIGURES) f[k] = BigInt((r[k] as bigint | number | null) ?? 0);
  f.bettors = BigInt((r.bettors as bigint | number | null) ?? 0);
  f.rolling_own = BigInt((r.rolling_own as bigint | number | null) ?? 0);
  f.losing = 0n;
  f.loss_fee = 0n;
  return f;
};

type Key = string | bigint;
const byKey = <K extends Key>(rows: Record<string, unknown>[], key: (r: Record<string, unknown>) => K) => new Map(rows.map((r) => [key(r), toFigures(r)]));

/** Agents' subtree figures over a range, per agent, for the given game types ('all' by default). */
export async function agentSums(sql: Sql, agentIds: bigint[], from: string, to: string, types: string[] = ['all']) {
  if (agentIds.length === 0) return new Map<bigint, DayFigures>();
  const r = await sql.query(
    `SELECT agent_id, ${SUMS}, coalesce(sum(bettors), 0)::bigint AS bettors, coalesce(sum(rolling_own), 0)::bigint AS rolling_own
     FROM stat_agent_days WHERE agent_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date AND game_type = ANY($4::text[])
     GROUP BY agent_id`,
    [agentIds.map(String), from, to, types],
    'stat_agent_sums',
  );
  return byKey(r.rows, (x) => BigInt(x.agent_id as bigint));
}

/** Per agent and game type over a range (the rolling pages). */
export async function agentTypeSums(sql: Sql, agentIds: bigint[], from: string, to: string) {
  if (agentIds.length === 0) return [];
  const r = await sql.query(
    `SELECT agent_id, game_type, ${SUMS}, coalesce(sum(bettors), 0)::bigint AS bettors, coalesce(sum(rolling_own), 0)::bigint AS rolling_own
     FROM stat_agent_days WHERE agent_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date AND game_type <> 'all'
     GROUP BY agent_id, game_type`,
    [agentIds.map(String), from, to],
    'stat_agent_type_sums',
  );
  return r.rows.map((x) => ({ agentId: BigInt(x.agent_id as bigint), gameType: x.game_type as string, f: toFigures(x) }));
}

/** Members' own figures over a range, per member; bettors = the days the member bet. */
export async function memberSums(sql: Sql, memberIds: bigint[], from: string, to: string, types: string[] = ['all']) {
  if (memberIds.length === 0) return new Map<bigint, DayFigures>();
  const r = await sql.query(
    `SELECT member_id, ${SUMS}, count(*) FILTER (WHERE bet_count > 0)::bigint AS bettors
     FROM stat_member_days WHERE member_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date AND game_type = ANY($4::text[])
     GROUP BY member_id`,
    [memberIds.map(String), from, to, types],
    'stat_member_sums',
  );
  return byKey(r.rows, (x) => BigInt(x.member_id as bigint));
}

/** One agent's subtree (or the site's, agentId null) per day and game type ('all' included). */
export async function daySeries(sql: Sql, agentId: bigint | null, from: string, to: string) {
  const r =
    agentId === null
      ? await sql.query(
          `SELECT day::text AS day, game_type, ${FIGURES.join(', ')}, bettors FROM stat_site_days WHERE day BETWEEN $1::date AND $2::date`,
          [from, to],
          'stat_site_series',
        )
      : await sql.query(
          `SELECT day::text AS day, game_type, ${FIGURES.join(', ')}, bettors, rolling_own FROM stat_agent_days
           WHERE agent_id = $1 AND day BETWEEN $2::date AND $3::date`,
          [agentId, from, to],
          'stat_agent_series',
        );
  return r.rows.map((x) => ({ day: x.day as string, gameType: x.game_type as string, f: toFigures(x) }));
}

export type Account = { id: bigint; account: string; nickname: string; role: string; parent_account: string | null };

/**
 * The caller's direct lower accounts, agents first, then members, each by id; with the count.
 * By parent_id (its index), not user_tree depth 1: the planner cannot tell that a top HQ's
 * 100,000 user_tree rows hold only four at depth 1, and sorted every account instead.
 */
export async function directGroups(sql: Sql, agentId: bigint, skip: number, limit: number, agentsOnly = false) {
  const r = await sql.query<Account & { total: bigint }>(
    `SELECT u.id, u.account, u.nickname, u.role, NULL AS parent_account, count(*) OVER () AS total
     FROM users u WHERE u.parent_id = $1 AND ($4::boolean IS FALSE OR u.role <> 'user')
     ORDER BY (u.role = 'user'), u.id OFFSET $2 LIMIT $3`,
    [agentId, skip, limit, agentsOnly],
    'stat_direct_groups',
  );
  return { rows: r.rows.map(({ total: _, ...a }) => a), total: Number(r.rows[0]?.total ?? 0) };
}

export async function accountsOf(sql: Sql, ids: bigint[]) {
  if (ids.length === 0) return new Map<bigint, Account>();
  const r = await sql.query<Account>(
    `SELECT u.id, u.account, u.nickname, u.role, p.account AS parent_account FROM users u LEFT JOIN users p ON p.id = u.parent_id WHERE u.id = ANY($1::bigint[])`,
    [ids.map(String)],
  );
  return new Map(r.rows.map((a) => [BigInt(a.id), a]));
}

/** The agents of one tier in the subtree (the agent itself included when it is of that tier). */
export async function agentsOfRole(sql: Sql, agentId: bigint, role: string) {
  const r = await sql.query<{ id: bigint }>(
    `SELECT t.descendant_id AS id FROM user_tree t JOIN users u ON u.id = t.descendant_id WHERE t.ancestor_id = $1 AND u.role = $2`,
    [agentId, role],
  );
  return r.rows.map((x) => BigInt(x.id));
}

/** The site's agents of one tier (admin tiers), or the agents at the top of a tree (`role` null). */
export async function siteAgents(sql: Sql, role: string | null) {
  const r = await sql.query<{ id: bigint }>(
    role === null ? `SELECT id FROM users WHERE parent_id IS NULL AND role <> 'user' AND $1::text IS NULL` : `SELECT id FROM users WHERE role = $1`,
    [role],
  );
  return r.rows.map((x) => BigInt(x.id));
}

/** One member's own rows per day and game type. */
export async function memberSeries(sql: Sql, memberId: bigint, from: string, to: string) {
  const r = await sql.query(
    `SELECT day::text AS day, game_type, ${FIGURES.join(', ')}, (bet_count > 0)::int AS bettors FROM stat_member_days
     WHERE member_id = $1 AND day BETWEEN $2::date AND $3::date`,
    [memberId, from, to],
    'stat_member_series',
  );
  return r.rows.map((x) => ({ day: x.day as string, gameType: x.game_type as string, f: toFigures(x) }));
}

export type MemberDayRow = Account & { day: string | null; f: DayFigures };

const memberRow = (x: Record<string, unknown>): MemberDayRow => ({
  id: BigInt(x.member_id as bigint),
  account: x.account as string,
  nickname: x.nickname as string,
  role: x.role as string,
  parent_account: (x.parent_account as string | null) ?? null,
  day: (x.day as string | null) ?? null,
  f: toFigures(x),
});

const likeOf = (search: string | undefined) => (search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : null);

/**
 * Member rows of a subtree (agentId null: the site) over a range, one per (day, member) or
 * per member (`perDay` false), ordered and paged; with the count and the sums of all of them.
 */
export async function memberPage(
  sql: Sql,
  q: { agentId: bigint | null; from: string; to: string; perDay: boolean; search?: string; order: string; skip: number; limit: number },
) {
  const scope = q.agentId === null ? '' : 'JOIN user_tree t ON t.ancestor_id = $1 AND t.descendant_id = m.member_id AND t.depth > 0';
  const search = q.search ? 'AND (u.account ILIKE $4 OR u.nickname ILIKE $4)' : 'AND $4::text IS NULL';
  const userJoin = q.search ? 'JOIN users u ON u.id = m.member_id' : '';
  const groupBy = q.perDay ? 'm.day, m.member_id' : 'm.member_id';
  const dayCol = q.perDay ? 'm.day::text AS day' : 'NULL::text AS day';
  const params = [q.agentId === null ? null : String(q.agentId), q.from, q.to, likeOf(q.search)];
  const base = `FROM stat_member_days m ${scope} ${userJoin}
     WHERE ${q.agentId === null ? '$1::bigint IS NULL AND' : ''} m.game_type = 'all' AND m.day BETWEEN $2::date AND $3::date ${search}`;
  const page = await sql.query(
    `SELECT g.*, u.account, u.nickname, u.role, p.account AS parent_account
     FROM (SELECT ${dayCol}, m.member_id, ${SUMS}, count(*) FILTER (WHERE m.bet_count > 0)::bigint AS bettors,
             coalesce(sum(m.bet_amount - m.win_amount), 0) AS betting_pl
           ${base} GROUP BY ${groupBy} ORDER BY ${q.order} OFFSET $5 LIMIT $6) g
     JOIN users u ON u.id = g.member_id LEFT JOIN users p ON p.id = u.parent_id
     ORDER BY ${q.order}`,
    // Unnamed: the text varies with the scope, the search and the order.
    [...params, q.skip, q.limit],
  );
  const all = await sql.query(
    `SELECT count(*)::bigint AS n, ${FIGURES.map((f) => `coalesce(sum(${f}), 0)::bigint AS ${f}`).join(', ')}, coalesce(sum(bettors), 0)::bigint AS bettors
     FROM (SELECT ${q.perDay ? 'm.day, ' : ''}m.member_id, ${SUMS}, count(*) FILTER (WHERE m.bet_count > 0) AS bettors ${base} GROUP BY ${groupBy}) g`,
    params,
  );
  return { rows: page.rows.map(memberRow), total: Number(all.rows[0].n), totals: toFigures(all.rows[0]) };
}

// ---- money desk and holdings (read per period; low volume)

export type Desk = {
  charge_count: bigint;
  charge_amount: bigint;
  exchange_count: bigint;
  exchange_amount: bigint;
  paid_money: bigint;
  collected_money: bigint;
  paid_point: bigint;
  collected_point: bigint;
  join_count: bigint;
  login_count: bigint;
};
export const DESK_KEYS = [
  'charge_count',
  'charge_amount',
  'exchange_count',
  'exchange_amount',
  'paid_money',
  'collected_money',
  'paid_point',
  'collected_point',
  'join_count',
  'login_count',
] as const;
export const zeroDesk = (): Desk => Object.fromEntries(DESK_KEYS.map((k) => [k, 0n])) as Desk;

/**
 * Joins and logins come from stat_desk_days (counted as they happen, migration 032); charges,
 * exchanges, grants and reclaims are read per period from their tables (few rows).
 * Groups: (root id, min depth). The same account at depth >= 0 is "it and below"; depth >= 1 is
 * "below it". `null` root = the whole site. Answers per root the figures of [start, end), and per
 * KST day when `perDay`.
 */
export async function deskOf(sql: Sql, roots: bigint[] | null, minDepth: number, start: Date, end: Date, perDay: boolean) {
  const inGroup = (col: string) =>
    roots === null
      ? `CROSS JOIN (SELECT 0::bigint AS ancestor_id) t`
      : `JOIN user_tree t ON t.descendant_id = ${col} AND t.ancestor_id = ANY($3::bigint[]) AND t.depth >= $4`;
  const day = (col: string) => (perDay ? `((${col}) AT TIME ZONE 'UTC' + interval '9 hours')::date::text` : `''`);
  const params = roots === null ? [start, end] : [start, end, roots.map(String), minDepth];
  const q = `
    SELECT t.ancestor_id AS g, ${day('r.processed_at')} AS day,
      count(*) FILTER (WHERE r.type = 'charge') AS charge_count, coalesce(sum(r.amount) FILTER (WHERE r.type = 'charge'), 0) AS charge_amount,
      count(*) FILTER (WHERE r.type = 'exchange') AS exchange_count, coalesce(sum(r.amount) FILTER (WHERE r.type = 'exchange'), 0) AS exchange_amount,
      0 AS paid_money, 0 AS collected_money, 0 AS paid_point, 0 AS collected_point, 0 AS join_count, 0 AS login_count
    FROM bank_requests r ${inGroup('r.user_id')}
    WHERE r.status IN ('approved', 'completed') AND r.processed_at >= $1 AND r.processed_at < $2 GROUP BY 1, 2
    UNION ALL
    SELECT t.ancestor_id, ${day('x.created_at')}, 0, 0, 0, 0,
      coalesce(sum(p.amount) FILTER (WHERE x.kind = 'agent.grant' AND p.asset = 'money'), 0),
      coalesce(sum(p.amount) FILTER (WHERE x.kind = 'agent.reclaim' AND p.asset = 'money'), 0),
      coalesce(sum(p.amount) FILTER (WHERE x.kind = 'agent.grant' AND p.asset = 'point'), 0),
      coalesce(sum(p.amount) FILTER (WHERE x.kind = 'agent.reclaim' AND p.asset = 'point'), 0), 0, 0
    FROM ledger_transactions x JOIN ledger_postings p ON p.transaction_id = x.id AND p.amount > 0 ${inGroup('x.reason_id::bigint')}
    WHERE x.kind IN ('agent.grant', 'agent.reclaim') AND x.created_at >= $1 AND x.created_at < $2 GROUP BY 1, 2
    UNION ALL
    SELECT ${roots === null ? '0::bigint' : 'd.agent_id'}, ${perDay ? 'd.day::text' : `''`}, 0, 0, 0, 0, 0, 0, 0, 0, sum(d.join_count), sum(d.login_count)
    FROM stat_desk_days d
    WHERE ${roots === null ? 'd.agent_id = 0' : 'd.agent_id = ANY($3::bigint[]) AND ($4 = 0 OR NOT d.own)'}
      AND d.day >= ($1::timestamptz AT TIME ZONE 'UTC' + interval '9 hours')::date AND d.day < ($2::timestamptz AT TIME ZONE 'UTC' + interval '9 hours')::date
    GROUP BY 1, 2`;
  const r = await sql.query(q, params, `stat_desk_${roots === null ? 'site' : 'groups'}_${perDay ? 'day' : 'sum'}`);
  const out = new Map<string, Desk>();
  for (const x of r.rows) {
    const k = `${String(x.g)}|${String(x.day)}`;
    let d = out.get(k);
    if (!d) out.set(k, (d = zeroDesk()));
    for (const key of DESK_KEYS) d[key] += BigInt((x[key] as bigint | number | string | null) ?? 0);
  }
  return out;
}

// ---- losing commission (decision 030 "Losing and loss-fee"; parts of decision 031)

export type Losing = { losing: bigint; loss_fee: bigint };

/**
 * Open losing parts (`losing_parts.open`: paid out to an open agent) of periods whose end day
 * (`losing_periods.to_day`) is in [from, to]. Groups: (root id, min depth) as in `deskOf`.
 * `losing` = every part taken on the group's members' net loss (the part's direct-agent group is
 * in the group), the uplines' parts included, as `rolling` counts every agent's rolling on the
 * group's bets: so `settlement` = P/L − rolling − losing is what the house keeps from the group.
 * `loss_fee` = the parts earned by the agents at depth `minDepth` (the root's own for 0; for 1,
 * the direct lower agents', the sum of their rows), like `rolling_own`. `null` roots = the whole
 * site (`loss_fee` 0: no agent's own). Keyed `root|day`, the day being the period's end day when
 * `perDay`, else ''. Low volume (one part per agent on a group's path per period): periods by
 * `losing_periods_to_idx`, their parts by the parts' key `(period_id, agent_id, group_agent_id)`,
 * each checked against the group by user_tree's key.
 */
export async function losingOf(sql: Sql, roots: bigint[] | null, minDepth: number, from: string, to: string, perDay: boolean) {
  const day = perDay ? 'p.to_day::text' : `''`;
  const r =
    roots === null
      ? await sql.query(
          `SELECT 0::bigint AS g, ${day} AS day, coalesce(sum(lp.amount), 0)::bigint AS losing, 0::bigint AS loss_fee
           FROM losing_periods p JOIN losing_parts lp ON lp.period_id = p.id AND lp.open
           WHERE p.to_day BETWEEN $1::date AND $2::date GROUP BY 1, 2`,
          [from, to],
          `stat_losing_site_${perDay ? 'day' : 'sum'}`,
        )
      : roots.length === 0
        ? { rows: [] }
        : await sql.query(
            `SELECT t.ancestor_id AS g, ${day} AS day, coalesce(sum(lp.amount), 0)::bigint AS losing,
               coalesce(sum(lp.amount) FILTER (WHERE own.ancestor_id IS NOT NULL), 0)::bigint AS loss_fee
             FROM losing_periods p JOIN losing_parts lp ON lp.period_id = p.id AND lp.open
             JOIN user_tree t ON t.ancestor_id = ANY($3::bigint[]) AND t.descendant_id = lp.group_agent_id AND t.depth >= $4
             LEFT JOIN user_tree own ON own.ancestor_id = t.ancestor_id AND own.descendant_id = lp.agent_id AND own.depth = $4
             WHERE p.to_day BETWEEN $1::date AND $2::date GROUP BY 1, 2`,
            [from, to, roots.map(String), minDepth],
            `stat_losing_groups_${perDay ? 'day' : 'sum'}`,
          );
  const out = new Map<string, Losing>();
  for (const x of r.rows as Record<string, unknown>[])
    out.set(`${String(x.g)}|${String(x.day)}`, { losing: BigInt(x.losing as bigint), loss_fee: BigInt(x.loss_fee as bigint) });
  return out;
}

export type Holdings = {
  member_count: bigint;
  member_money: bigint;
  member_point: bigint;
  member_egg: bigint;
  lower_money: bigint;
  lower_point: bigint;
};
