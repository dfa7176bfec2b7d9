import type { Sql } from '../../platform/db.ts';
import { langOf, leagueName, teamName } from './repo-admin.ts';

/** SQL of the members' results board: settled fixtures and their graded markets (decision 046). */

type Score = { home: number; away: number; period?: string };

export type ResultRow = {
  id: bigint;
  sport: string;
  league: string;
  home: string;
  away: string;
  starts_at: Date;
  /** As the feed (periods keyed by code) or an admin (periods in play order) stored it. */
  result: { home: number; away: number; periods?: Score[] | Record<string, Score> };
};

// Settled: the fixture has its final result and is over (a cancelled fixture has nothing to show).
const SETTLED = `f.status = 'result' AND f.result IS NOT NULL`;

export async function settledFixtures(sql: Sql, q: { sport: string | null; from: Date | null; to: Date | null; lang: string; skip: number; limit: number }) {
  const l = langOf(q.lang);
  const where = `${SETTLED} AND ($1::text IS NULL OR f.sport = $1) AND ($2::timestamptz IS NULL OR f.starts_at >= $2) AND ($3::timestamptz IS NULL OR f.starts_at < $3)`;
  const params = [q.sport, q.from, q.to];
  const rows = (
    await sql.query<ResultRow>(
      `SELECT f.id, f.sport, ${leagueName('l', l)} AS league, ${teamName('h', l)} AS home, ${teamName('a', l)} AS away, f.starts_at, f.result
       FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
       WHERE ${where} ORDER BY f.starts_at DESC, f.id DESC OFFSET $4 LIMIT $5`,
      [...params, q.skip, q.limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM fixtures f WHERE ${where}`, params)).rows[0].n;
  return { rows, total };
}

export type GradedMarket = { fixture_id: bigint; kind: string; period: string; line: string | null; status: string; won: string[] };

/** The graded markets of these fixtures in board order, with the codes that won (half wins included). */
export async function gradedMarkets(sql: Sql, fixtureIds: bigint[]) {
  if (fixtureIds.length === 0) return [];
  return (
    await sql.query<GradedMarket>(
      `SELECT m.fixture_id, m.kind, m.period, m.line::text AS line, m.status,
              coalesce(json_agg(o.code ORDER BY o.id) FILTER (WHERE o.result IN ('won', 'half_won')), '[]'::json) AS won
       FROM markets m JOIN outcomes o ON o.market_id = m.id
       WHERE m.fixture_id = ANY($1::bigint[]) AND (m.status = 'void' OR o.result IS NOT NULL)
       GROUP BY m.id ORDER BY m.fixture_id, m.sort, m.id`,
      [fixtureIds.map(String)],
    )
  ).rows;
}
