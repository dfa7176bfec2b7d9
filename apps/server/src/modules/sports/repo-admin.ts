import type { Sql } from '../../platform/db.ts';

/** SQL of the sports back office (lists, interworking, team names, high-value bets, liability). */

// The admin's name, else the feed's name in that language (column feed_names, read through to_jsonb so
// this SQL does not depend on the feed migration's column), else the feed's default name.
export const teamName = (alias: string, lang: string) =>
  `coalesce(nullif(${alias}.names->>'${lang}', ''), nullif(to_jsonb(${alias})->'feed_names'->>'${lang}', ''), ${alias}.feed_name)`;
export const leagueName = (alias: string, lang: string) => `coalesce(nullif(${alias}.names->>'${lang}', ''), ${alias}.names->>'en', ${alias}.feed_ref)`;
const LANGS = new Set(['ko', 'ja', 'vi', 'th', 'en']);
export const langOf = (l: string | null) => (l && LANGS.has(l) ? l : 'ko');

export type FixtureListRow = {
  id: bigint;
  sport: string;
  league: string;
  home: string;
  away: string;
  starts_at: Date;
  status: string;
  on_sale: boolean;
  managed: string;
  result: unknown;
  result_source: string | null;
  result_version: number;
  bets: number;
  open_bets: number;
  stakes: bigint;
};

const FILTERS: Record<string, string> = {
  awaiting: `f.result IS NULL AND f.status <> 'cancelled' AND f.starts_at <= $1`,
  settled: `f.result IS NOT NULL AND $1::timestamptz IS NOT NULL`,
  cancelled: `f.status = 'cancelled' AND $1::timestamptz IS NOT NULL`,
  upcoming: `f.result IS NULL AND f.status <> 'cancelled' AND f.starts_at > $1`,
  all: `$1::timestamptz IS NOT NULL`,
};

export async function listFixtures(
  sql: Sql,
  q: { filter: string; sport: string | null; search: string | null; skip: number; limit: number; now: Date; lang: string | null },
) {
  const lang = langOf(q.lang);
  const where = `${FILTERS[q.filter] ?? FILTERS.all} AND ($2::text IS NULL OR f.sport = $2)
    AND ($3::text IS NULL OR ${teamName('h', lang)} ILIKE '%' || $3 || '%' OR ${teamName('a', lang)} ILIKE '%' || $3 || '%' OR ${leagueName('l', lang)} ILIKE '%' || $3 || '%')`;
  const from = `FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id`;
  const params = [q.now, q.sport, q.search];
  const order = q.filter === 'upcoming' ? 'f.starts_at ASC, f.id' : 'f.starts_at DESC, f.id DESC';
  const rows = (
    await sql.query<FixtureListRow>(
      `SELECT f.id, f.sport, ${leagueName('l', lang)} AS league, ${teamName('h', lang)} AS home, ${teamName('a', lang)} AS away, f.starts_at, f.status, f.on_sale,
              f.managed, f.result, f.result_source, f.result_version,
              coalesce(s.bets, 0)::int AS bets, coalesce(s.open_bets, 0)::int AS open_bets, coalesce(s.stakes, 0)::bigint AS stakes
       ${from}
       LEFT JOIN LATERAL (
         SELECT count(*) AS bets, count(*) FILTER (WHERE b.status = 'open') AS open_bets, sum(b.amount) AS stakes
         FROM (SELECT DISTINCT bet_id FROM sports_bet_selections WHERE fixture_id = f.id) x JOIN bets b ON b.id = x.bet_id) s ON true
       WHERE ${where} ORDER BY ${order} OFFSET $4 LIMIT $5`,
      [...params, q.skip, q.limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, params)).rows[0].n;
  return { rows, total };
}

export async function fixtureRow(sql: Sql, id: bigint, lang: string | null) {
  const l = langOf(lang);
  return (
    await sql.query<FixtureListRow>(
      `SELECT f.id, f.sport, ${leagueName('l', l)} AS league, ${teamName('h', l)} AS home, ${teamName('a', l)} AS away, f.starts_at, f.status, f.on_sale,
              f.managed, f.result, f.result_source, f.result_version,
              (SELECT count(DISTINCT s.bet_id)::int FROM sports_bet_selections s WHERE s.fixture_id = f.id) AS bets,
              (SELECT count(DISTINCT s.bet_id)::int FROM sports_bet_selections s JOIN bets b ON b.id = s.bet_id AND b.status = 'open' WHERE s.fixture_id = f.id) AS open_bets,
              coalesce((SELECT sum(b.amount) FROM bets b WHERE b.id IN (SELECT bet_id FROM sports_bet_selections WHERE fixture_id = f.id)), 0)::bigint AS stakes
       FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
       WHERE f.id = $1`,
      [id],
    )
  ).rows[0];
}

export async function marketsWithBets(sql: Sql, fixtureId: bigint) {
  return (
    await sql.query<{
      id: bigint;
      kind: string;
      period: string;
      line: string | null;
      status: string;
      outcome_id: bigint | null;
      code: string | null;
      odds: string | null;
      result: string | null;
      dead_heat: string | null;
      bets: number;
      stakes: bigint;
    }>(
      `SELECT m.id, m.kind, m.period, m.line::text AS line, m.status, o.id AS outcome_id, o.code, o.odds::text AS odds, o.result, o.dead_heat_factor::text AS dead_heat,
              coalesce(x.bets, 0)::int AS bets, coalesce(x.stakes, 0)::bigint AS stakes
       FROM markets m LEFT JOIN outcomes o ON o.market_id = m.id
       LEFT JOIN LATERAL (SELECT count(*) AS bets, sum(b.amount) AS stakes FROM sports_bet_selections s JOIN bets b ON b.id = s.bet_id WHERE s.outcome_id = o.id) x ON true
       WHERE m.fixture_id = $1 ORDER BY m.sort, m.id, o.id`,
      [fixtureId],
    )
  ).rows;
}

// ---- leagues (interworking) and teams

export async function listLeagues(sql: Sql, sport: string | null, lang: string | null) {
  const l = langOf(lang);
  return (
    await sql.query<{ id: bigint; sport: string; name: string; country: string | null; stopped_types: string[]; fixtures: number }>(
      `SELECT l.id, l.sport, ${leagueName('l', l)} AS name, l.country, l.stopped_types,
              (SELECT count(*)::int FROM fixtures f WHERE f.league_id = l.id AND f.status IN ('waiting','release','progress')) AS fixtures
       FROM leagues l WHERE ($1::text IS NULL OR l.sport = $1) ORDER BY l.sport, l.sort, l.id`,
      [sport],
    )
  ).rows;
}

/** Adds or removes board types from leagues' stopped list; returns the leagues changed (before/after for the audit). */
export async function setStopped(sql: Sql, ids: bigint[] | null, types: string[], stopped: boolean) {
  return (
    await sql.query<{ id: bigint; stopped_types: string[] }>(
      `UPDATE leagues SET stopped_types = CASE WHEN $3 THEN (SELECT array_agg(DISTINCT t ORDER BY t) FROM unnest(stopped_types || $2::text[]) t)
                                              ELSE array(SELECT t FROM unnest(stopped_types) t WHERE t <> ALL($2::text[]) ORDER BY t) END
       WHERE ($1::bigint[] IS NULL OR id = ANY($1::bigint[]))
         AND (CASE WHEN $3 THEN NOT (stopped_types @> $2::text[]) ELSE stopped_types && $2::text[] END)
       RETURNING id, stopped_types`,
      [ids === null ? null : ids.map(String), types, stopped],
    )
  ).rows;
}

export async function listTeams(sql: Sql, q: { sport: string | null; search: string | null; skip: number; limit: number }) {
  const where = `($1::text IS NULL OR t.sport = $1) AND ($2::text IS NULL OR to_jsonb(t)::text ILIKE '%' || $2 || '%')`;
  const rows = (
    await sql.query<{ id: bigint; sport: string; feed_name: string; feed_names: Record<string, string>; names: Record<string, string> }>(
      `SELECT t.id, t.sport, t.feed_name, t.feed_names, t.names FROM teams t WHERE ${where} ORDER BY t.sport, t.feed_name, t.id OFFSET $3 LIMIT $4`,
      [q.sport, q.search, q.skip, q.limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM teams t WHERE ${where}`, [q.sport, q.search])).rows[0].n;
  return { rows, total };
}

export async function lockTeam(sql: Sql, id: bigint) {
  return (await sql.query<{ id: bigint; names: Record<string, string> }>(`SELECT id, names FROM teams WHERE id = $1 FOR UPDATE`, [id])).rows[0];
}

export async function setTeamNames(sql: Sql, id: bigint, names: Record<string, string>) {
  await sql.query(`UPDATE teams SET names = $2::jsonb WHERE id = $1`, [id, JSON.stringify(names)]);
}

// ---- high-value bets and liability

export async function highBets(sql: Sql, q: { threshold: bigint; status: string | null; skip: number; limit: number }) {
  const where = `b.game_type = 'sports' AND b.amount >= $1 AND ($2::text IS NULL OR b.status = $2)`;
  const rows = (
    await sql.query<{
      id: bigint;
      account: string;
      nickname: string;
      game: string;
      bet_type: string;
      folders: number;
      odds: string;
      amount: bigint;
      potential_win: bigint;
      win_amount: bigint;
      status: string;
      created_at: Date;
    }>(
      `SELECT b.id, u.account, u.nickname, b.game, b.bet_type, jsonb_array_length(b.selections)::int AS folders, b.odds::text AS odds, b.amount, b.potential_win,
              b.win_amount, b.status, b.created_at
       FROM bets b JOIN users u ON u.id = b.user_id WHERE ${where} ORDER BY b.created_at DESC, b.id DESC OFFSET $3 LIMIT $4`,
      [q.threshold, q.status, q.skip, q.limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets b WHERE ${where}`, [q.threshold, q.status])).rows[0].n;
  return { rows, total };
}

/**
 * The fixtures whose bets may still be open: not decided yet, or with settle work pending. No
 * index of `bets` names `status` (settling must be a HOT update, migration 020), so the live
 * liability reaches open bets through their legs on these fixtures, not through the bets.
 */
const UNDECIDED_FIXTURES = `SELECT id FROM fixtures WHERE status IN ('waiting','release','progress')
  UNION SELECT fixture_id FROM sports_settle_queue WHERE done_at IS NULL`;
/** Bets with a leg on fixture $1, or with $1 null on any undecided fixture. */
const OPEN_SCOPE = `SELECT bet_id FROM sports_bet_selections WHERE fixture_id = $1
  OR ($1::bigint IS NULL AND fixture_id IN (${UNDECIDED_FIXTURES}))`;

/**
 * Open exposure per outcome: every open sports bet counts its whole stake and potential payout
 * on each outcome it holds (a combination is exposed on each of its folders).
 */
export async function liabilityByOutcome(sql: Sql, fixtureId: bigint | null, lang: string | null, limit: number) {
  const l = langOf(lang);
  return (
    await sql.query<{
      fixture_id: bigint;
      fixture: string;
      starts_at: Date;
      status: string;
      market: string;
      period: string;
      line: string | null;
      code: string;
      odds: string;
      bets: number;
      stakes: bigint;
      payout: bigint;
    }>(
      `SELECT f.id AS fixture_id, ${teamName('h', l)} || ' vs ' || ${teamName('a', l)} AS fixture, f.starts_at, f.status, m.kind AS market, m.period, m.line::text AS line,
              o.code, o.odds::text AS odds, count(*)::int AS bets, sum(b.amount)::bigint AS stakes, sum(b.potential_win)::bigint AS payout
       FROM bets b JOIN sports_bet_selections s ON s.bet_id = b.id
       JOIN outcomes o ON o.id = s.outcome_id JOIN markets m ON m.id = s.market_id JOIN fixtures f ON f.id = s.fixture_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
       WHERE b.game_type = 'sports' AND b.status = 'open' AND (s.fixture_id = $1 OR ($1::bigint IS NULL AND s.fixture_id IN (${UNDECIDED_FIXTURES})))
       GROUP BY f.id, h.id, a.id, m.id, o.id ORDER BY payout DESC, o.id LIMIT $2`,
      [fixtureId, limit],
    )
  ).rows;
}

export async function liabilityBettors(sql: Sql, fixtureId: bigint | null, limit: number) {
  return (
    await sql.query<{ user_id: bigint; account: string; bets: number; stakes: bigint; payout: bigint }>(
      `SELECT b.user_id, u.account, count(*)::int AS bets, sum(b.amount)::bigint AS stakes, sum(b.potential_win)::bigint AS payout
       FROM bets b JOIN users u ON u.id = b.user_id
       WHERE b.game_type = 'sports' AND b.status = 'open' AND b.id IN (${OPEN_SCOPE})
       GROUP BY b.user_id, u.account ORDER BY payout DESC, b.user_id LIMIT $2`,
      [fixtureId, limit],
    )
  ).rows;
}

export async function liabilityTotals(sql: Sql, fixtureId: bigint | null) {
  return (
    await sql.query<{ bets: number; stakes: bigint; payout: bigint }>(
      `SELECT count(*)::int AS bets, coalesce(sum(b.amount), 0)::bigint AS stakes, coalesce(sum(b.potential_win), 0)::bigint AS payout
       FROM bets b WHERE b.game_type = 'sports' AND b.status = 'open' AND b.id IN (${OPEN_SCOPE})`,
      [fixtureId],
    )
  ).rows[0];
}
