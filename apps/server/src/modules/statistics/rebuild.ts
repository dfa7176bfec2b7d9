import { holdDrainLock } from '../../platform/advisory-locks.ts';
import type { Db, Sql } from '../../platform/db.ts';
import { GAMES } from '../minigames/index.ts';
import { FIGURES } from './figures.ts';
import { addDays, kstStart, type DayRange } from './day.ts';

/**
 * The statistics initialisation (decision 030 "Rebuild"): the day rows of a KST date range
 * recomputed from `bets` and `commission_accruals`, replacing what the drain folded. Used after
 * migration 025 (bets settled before it have no rows), after an admin move (the incremental rows
 * keep history under the agents a member had; the rebuild puts it under the current ones) and by
 * the tests to prove the incremental rows equal a full recompute.
 *
 * Consistency with the drain: it holds the drain's advisory lock, so no batch folds meanwhile,
 * and reads bets and the not-yet-drained outbox rows in one statement (one snapshot). A pending
 * `accrue` row's settlement is in `bets` but will be folded later, so the rebuild leaves it out;
 * a pending `reverse` row's settlement is no longer in `bets` but will be taken back later, so
 * the rebuild counts it. Once the drain has folded them the rows equal the bets either way.
 */

const POWERBALL = [...GAMES.values()].filter((g) => g.family.family === 'powerball').map((g) => g.key);

const dayOf = (col: string) => `((${col}) AT TIME ZONE 'UTC' + interval '9 hours')::date`;
/** rates.ts rollingGameTypeOf in SQL ($3: the Powerball-family game keys). */
const typeOf = (p: string) => `CASE ${p}.game_type
    WHEN 'sports' THEN CASE WHEN ${p}.bet_type = 'combo' THEN 'sports_combination' ELSE 'sports_single' END
    WHEN 'minigame' THEN CASE WHEN ${p}.game = ANY($3::text[]) THEN CASE WHEN ${p}.bet_type = 'combo' THEN 'powerball_combination' ELSE 'powerball_single' END ELSE 'minigame' END
    ELSE ${p}.game_type END`;

// An accrual's rolling as the drain's fold counts it (commissions plan.ts wholeWon): the floor of
// its amount in whole won, whatever its decimals (decision 027 "Decimals option").
const WHOLE_WON = 'floor(a.amount::numeric / power(10::numeric, a.decimals))::bigint';

const MEMBER_REBUILD = `
  INSERT INTO stat_member_days (day, member_id, game_type, ${FIGURES.join(', ')})
  WITH s AS (
    SELECT ${dayOf('b.created_at')} AS day, b.user_id, ${typeOf('b')} AS gt, b.bet_type, b.amount, b.win_amount AS win, b.status AS result,
      1 AS sign, 0::bigint AS rolling
    FROM bets b WHERE b.created_at >= $1 AND b.created_at < $2 AND b.status NOT IN ('open', 'cancelled')
    UNION ALL
    SELECT ${dayOf('coalesce(o.placed_at, o.at)')}, o.user_id, ${typeOf('o')}, o.bet_type, o.amount, o.win,
      coalesce(o.result, CASE WHEN o.kind = 'accrue' THEN o.status END), CASE WHEN o.kind = 'accrue' THEN -1 ELSE 1 END, 0
    FROM bet_outbox o WHERE coalesce(o.placed_at, o.at) >= $1 AND coalesce(o.placed_at, o.at) < $2
      AND coalesce(o.result, CASE WHEN o.kind = 'accrue' THEN o.status END) NOT IN ('open', 'cancelled')
    UNION ALL
    SELECT ${dayOf('b.created_at')}, a.member_id, a.game_type, NULL, 0, 0, NULL, 0, ${WHOLE_WON}
    FROM commission_accruals a JOIN bets b ON b.id = a.bet_id
    WHERE a.reversed_at IS NULL AND b.created_at >= $1 AND b.created_at < $2
  )
  SELECT s.day, s.user_id, g.t,
    coalesce(sum(s.sign) FILTER (WHERE s.result IS NOT NULL), 0),
    coalesce(sum(s.sign * s.amount) FILTER (WHERE s.result IS NOT NULL), 0),
    coalesce(sum(s.sign) FILTER (WHERE s.result = 'won'), 0),
    coalesce(sum(s.sign * s.win) FILTER (WHERE s.result IS NOT NULL), 0),
    coalesce(sum(s.sign) FILTER (WHERE s.result = 'lost'), 0),
    coalesce(sum(s.sign * s.amount) FILTER (WHERE s.result = 'lost'), 0),
    coalesce(sum(s.sign * s.amount) FILTER (WHERE s.result IN ('won', 'lost')), 0),
    coalesce(sum(s.sign) FILTER (WHERE s.result IS NOT NULL AND s.bet_type <> 'combo'), 0),
    coalesce(sum(s.sign * s.amount) FILTER (WHERE s.result IS NOT NULL AND s.bet_type <> 'combo'), 0),
    coalesce(sum(s.sign) FILTER (WHERE s.result IS NOT NULL AND s.bet_type = 'combo'), 0),
    coalesce(sum(s.sign * s.amount) FILTER (WHERE s.result IS NOT NULL AND s.bet_type = 'combo'), 0),
    coalesce(sum(s.rolling), 0)
  FROM s CROSS JOIN LATERAL (VALUES (s.gt), ('all')) AS g(t)
  GROUP BY s.day, s.user_id, g.t`;

const sumCols = FIGURES.map((f) => `sum(m.${f})`).join(', ');

const AGENT_REBUILD = `
  INSERT INTO stat_agent_days (agent_id, day, game_type, ${FIGURES.join(', ')}, bettors)
  SELECT t.ancestor_id, m.day, m.game_type, ${sumCols}, count(*) FILTER (WHERE m.bet_count > 0)
  FROM stat_member_days m JOIN user_tree t ON t.descendant_id = m.member_id AND t.depth > 0
  WHERE m.day BETWEEN $1::date AND $2::date
  GROUP BY t.ancestor_id, m.day, m.game_type`;

// Each agent's own part: its accruals, by the bet's day, per game type and for 'all'.
const AGENT_OWN_REBUILD = `
  INSERT INTO stat_agent_days AS d (agent_id, day, game_type, rolling_own)
  SELECT a.agent_id, ${dayOf('b.created_at')}, g.t, sum(${WHOLE_WON})
  FROM commission_accruals a JOIN bets b ON b.id = a.bet_id CROSS JOIN LATERAL (VALUES (a.game_type), ('all')) AS g(t)
  WHERE a.reversed_at IS NULL AND b.created_at >= $1 AND b.created_at < $2
  GROUP BY 1, 2, 3
  ON CONFLICT (agent_id, day, game_type) DO UPDATE SET rolling_own = EXCLUDED.rolling_own`;

const SITE_REBUILD = `
  INSERT INTO stat_site_days (day, game_type, ${FIGURES.join(', ')}, bettors)
  SELECT m.day, m.game_type, ${sumCols}, count(*) FILTER (WHERE m.bet_count > 0)
  FROM stat_member_days m WHERE m.day BETWEEN $1::date AND $2::date
  GROUP BY m.day, m.game_type`;

// Joins and logins per (account on the path, day, own) and for the site (agent_id 0), as the
// triggers of migration 032 count them.
const kst = (col: string) => `(${col} AT TIME ZONE 'UTC' + interval '9 hours')::date`;
const DESK_REBUILD = `
  INSERT INTO stat_desk_days (agent_id, day, own, join_count, login_count)
  SELECT e.agent_id, e.day, e.own, sum(e.joins), sum(e.logins)
  FROM (
    SELECT t.ancestor_id AS agent_id, ${kst('u.created_at')} AS day, t.depth = 0 AS own, 1 AS joins, 0 AS logins
    FROM users u JOIN user_tree t ON t.descendant_id = u.id WHERE u.role = 'user' AND u.created_at >= $1 AND u.created_at < $2
    UNION ALL
    SELECT 0, ${kst('u.created_at')}, false, 1, 0 FROM users u WHERE u.role = 'user' AND u.created_at >= $1 AND u.created_at < $2
    UNION ALL
    SELECT t.ancestor_id, ${kst('s.created_at')}, t.depth = 0, 0, 1
    FROM sessions s JOIN user_tree t ON t.descendant_id = s.subject_id WHERE s.audience = 'user' AND s.created_at >= $1 AND s.created_at < $2
    UNION ALL
    SELECT 0, ${kst('s.created_at')}, false, 0, 1 FROM sessions s WHERE s.audience = 'user' AND s.created_at >= $1 AND s.created_at < $2) e
  GROUP BY 1, 2, 3`;

/** Replaces the day rows of the range; answers how many member rows it wrote. */
export async function rebuildIn(sql: Sql, range: DayRange) {
  await holdDrainLock(sql, 'stat_rebuild_lock');
  const start = kstStart(range.from);
  const end = kstStart(addDays(range.to, 1));
  for (const t of ['stat_member_days', 'stat_agent_days', 'stat_site_days', 'stat_desk_days'])
    await sql.query(`DELETE FROM ${t} WHERE day BETWEEN $1::date AND $2::date`, [range.from, range.to]);
  const members = await sql.query(MEMBER_REBUILD, [start, end, POWERBALL], 'stat_rebuild_members');
  await sql.query(AGENT_REBUILD, [range.from, range.to], 'stat_rebuild_agents');
  await sql.query(AGENT_OWN_REBUILD, [start, end], 'stat_rebuild_agents_own');
  await sql.query(SITE_REBUILD, [range.from, range.to], 'stat_rebuild_site');
  await sql.query(DESK_REBUILD, [start, end], 'stat_rebuild_desk');
  return members.rowCount ?? 0;
}

/** The rebuild in its own transaction. */
export const rebuildStatistics = (db: Db, range: DayRange) => db.tx((sql) => rebuildIn(sql, range));
