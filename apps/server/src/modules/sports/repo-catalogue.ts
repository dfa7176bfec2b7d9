import type { Sql } from '../../platform/db.ts';

/**
 * SQL of the sports catalogue: feed ingestion (bulk upserts through jsonb record sets, so a
 * batch of messages costs a handful of statements) and the read snapshot.
 */

// ---- feed cursor and log

export async function readCursor(sql: Sql, feed: string): Promise<Date | null> {
  const r = await sql.query<{ polled_to: Date }>(`SELECT polled_to FROM feed_cursors WHERE feed = $1`, [feed]);
  return r.rows[0]?.polled_to ?? null;
}

export async function writeCursor(sql: Sql, feed: string, at: Date) {
  await sql.query(`INSERT INTO feed_cursors (feed, polled_to) VALUES ($1, $2) ON CONFLICT (feed) DO UPDATE SET polled_to = EXCLUDED.polled_to`, [feed, at]);
}

export type LogRow = { provider: string; kind: string; fixture_ref: string | null; payload: unknown; received_at: string };

export async function logMessages(sql: Sql, rows: LogRow[], at: Date) {
  if (rows.length === 0) return;
  await sql.query(
    `INSERT INTO feed_messages (provider, kind, fixture_ref, payload, received_at, processed_at)
     SELECT x.provider, x.kind, x.fixture_ref, x.payload, x.received_at, $2
       FROM jsonb_to_recordset($1::jsonb) AS x(provider text, kind text, fixture_ref text, payload jsonb, received_at timestamptz)`,
    [JSON.stringify(rows), at],
  );
}

/** Drops log rows older than `before` (odds changes sooner: they are most of the volume). */
export async function pruneLog(sql: Sql, before: Date, oddsBefore: Date) {
  await sql.query(`DELETE FROM feed_messages WHERE received_at < $1 OR (kind = 'odds_change' AND received_at < $2)`, [before, oddsBefore]);
}

// ---- catalogue upserts

export async function upsertSports(sql: Sql, rows: { code: string; names: unknown; sort: number }[]) {
  await sql.query(
    `INSERT INTO sports (code, names, sort)
     SELECT x.code, x.names, x.sort FROM jsonb_to_recordset($1::jsonb) AS x(code text, names jsonb, sort int)
     ON CONFLICT (code) DO UPDATE SET names = EXCLUDED.names, sort = EXCLUDED.sort`,
    [JSON.stringify(rows)],
  );
}

export type FixtureUpsert = {
  ref: string;
  sport: string;
  league_ref: string;
  league_names: unknown;
  country: string | null;
  league_sort: number;
  home_ref: string;
  home_name: string;
  home_names: unknown;
  away_ref: string;
  away_name: string;
  away_names: unknown;
  starts_at: string;
};

/** Leagues, teams and fixtures of a batch of fixture messages; returns the fixtures that are new or moved. */
export async function upsertFixtures(sql: Sql, rows: FixtureUpsert[], at: Date): Promise<{ id: bigint; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(rows);
  await sql.query(
    `INSERT INTO leagues (sport, feed_ref, names, country, sort)
     SELECT DISTINCT ON (x.league_ref) x.sport, x.league_ref, x.league_names, x.country, x.league_sort
       FROM jsonb_to_recordset($1::jsonb) AS x(sport text, league_ref text, league_names jsonb, country text, league_sort int)
     ON CONFLICT (feed_ref) DO UPDATE SET names = EXCLUDED.names, country = EXCLUDED.country
       WHERE leagues.names IS DISTINCT FROM EXCLUDED.names OR leagues.country IS DISTINCT FROM EXCLUDED.country`,
    [json],
  );
  await sql.query(
    `INSERT INTO teams (sport, feed_ref, feed_name, feed_names)
     SELECT DISTINCT ON (t.ref) t.sport, t.ref, t.name, t.names FROM (
       SELECT x.sport, x.home_ref AS ref, x.home_name AS name, x.home_names AS names
         FROM jsonb_to_recordset($1::jsonb) AS x(sport text, home_ref text, home_name text, home_names jsonb)
       UNION ALL
       SELECT x.sport, x.away_ref, x.away_name, x.away_names
         FROM jsonb_to_recordset($1::jsonb) AS x(sport text, away_ref text, away_name text, away_names jsonb)) t
     ON CONFLICT (feed_ref) DO UPDATE SET feed_name = EXCLUDED.feed_name, feed_names = EXCLUDED.feed_names
       WHERE teams.feed_name IS DISTINCT FROM EXCLUDED.feed_name OR teams.feed_names IS DISTINCT FROM EXCLUDED.feed_names`,
    [json],
  );
  const r = await sql.query<{ id: bigint; inserted: boolean }>(
    `INSERT INTO fixtures (feed_ref, sport, league_id, home_team_id, away_team_id, starts_at, updated_at)
     SELECT x.ref, x.sport, l.id, h.id, a.id, x.starts_at, $2
       FROM jsonb_to_recordset($1::jsonb) AS x(ref text, sport text, league_ref text, home_ref text, away_ref text, starts_at timestamptz)
       JOIN leagues l ON l.feed_ref = x.league_ref JOIN teams h ON h.feed_ref = x.home_ref JOIN teams a ON a.feed_ref = x.away_ref
     ON CONFLICT (feed_ref) DO UPDATE SET starts_at = EXCLUDED.starts_at, version = fixtures.version + 1, updated_at = EXCLUDED.updated_at
       WHERE fixtures.starts_at <> EXCLUDED.starts_at AND fixtures.status IN ('waiting', 'release')
     RETURNING id, (xmax = 0) AS inserted`,
    [json, at],
  );
  return r.rows;
}

export type MarketUpsert = { fixture_ref: string; ref: string; kind: string; period: string; line: number | null; status: string; sort: number };

/**
 * Markets of a batch of odds changes, one row per (fixture, market). With `setStatus` the
 * message's status (open/suspended) is applied, except to settled or void markets; without it
 * (the secondary provider) a known market keeps its status. Returns every row's id.
 */
export async function upsertMarkets(
  sql: Sql,
  rows: MarketUpsert[],
  setStatus: boolean,
): Promise<{ id: bigint; fixture_id: bigint; feed_ref: string; moved: boolean }[]> {
  if (rows.length === 0) return [];
  // `moved`: inserted, or its status changed. The outer scan of markets sees the table as it was
  // before this statement, so new markets come from the insert's RETURNING only.
  const r = await sql.query<{ id: bigint; fixture_id: bigint; feed_ref: string; moved: boolean }>(
    `WITH x AS (
       SELECT f.id AS fixture_id, x.ref, x.kind, x.period, x.line, x.status, x.sort
         FROM jsonb_to_recordset($1::jsonb) AS x(fixture_ref text, ref text, kind text, period text, line int, status text, sort int)
         JOIN fixtures f ON f.feed_ref = x.fixture_ref),
     up AS (
       INSERT INTO markets (fixture_id, feed_ref, kind, period, line, status, sort)
       SELECT fixture_id, ref, kind, period, line / 100.0, status, sort FROM x
       ON CONFLICT (fixture_id, feed_ref) DO UPDATE SET status = EXCLUDED.status
         WHERE ${setStatus ? `markets.status IN ('open', 'suspended') AND markets.status <> EXCLUDED.status` : 'false'}
       RETURNING id, fixture_id, feed_ref)
     SELECT id, fixture_id, feed_ref, true AS moved FROM up
     UNION ALL
     SELECT m.id, m.fixture_id, m.feed_ref, false FROM x JOIN markets m ON m.fixture_id = x.fixture_id AND m.feed_ref = x.ref
      WHERE m.id NOT IN (SELECT id FROM up)`,
    [JSON.stringify(rows)],
  );
  return r.rows;
}

export type OutcomeUpsert = { market_id: string; code: string; odds: number | null };

/** One provider's prices (hundredths; null = not offered) for a batch of outcomes. */
export async function upsertProviderOdds(sql: Sql, provider: 'primary' | 'secondary', rows: OutcomeUpsert[], at: Date) {
  if (rows.length === 0) return;
  const col = provider === 'primary' ? 'primary_odds' : 'secondary_odds';
  await sql.query(
    `INSERT INTO outcomes (market_id, code, ${col}, odds, active, updated_at)
     SELECT x.market_id::bigint, x.code, x.odds / 100.0, 1, false, $2
       FROM jsonb_to_recordset($1::jsonb) AS x(market_id text, code text, odds int)
     ON CONFLICT (market_id, code) DO UPDATE SET ${col} = EXCLUDED.${col}
       WHERE outcomes.${col} IS DISTINCT FROM EXCLUDED.${col}`,
    [JSON.stringify(rows), at],
  );
}

export type PricedOutcome = {
  id: bigint;
  market_id: bigint;
  code: string;
  primary_odds: string | null;
  secondary_odds: string | null;
  odds: string;
  active: boolean;
  fixture_id: bigint;
  fixture_status: string;
  market_status: string;
};

/** Every outcome of the given markets with both providers' prices (markets in id order, outcomes in id order). */
export async function outcomesOfMarkets(sql: Sql, marketIds: bigint[]): Promise<PricedOutcome[]> {
  if (marketIds.length === 0) return [];
  const r = await sql.query<PricedOutcome>(
    `SELECT o.id, o.market_id, o.code, o.primary_odds::text AS primary_odds, o.secondary_odds::text AS secondary_odds, o.odds::text AS odds, o.active,
            m.fixture_id, f.status AS fixture_status, m.status AS market_status
       FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN fixtures f ON f.id = m.fixture_id
      WHERE o.market_id = ANY($1::bigint[]) ORDER BY o.market_id, o.id`,
    [marketIds],
  );
  return r.rows;
}

/** Outcomes of every market still on offer (re-pricing after a settings change). */
export async function openMarketIds(sql: Sql): Promise<bigint[]> {
  const r = await sql.query<{ id: bigint }>(
    `SELECT m.id FROM markets m JOIN fixtures f ON f.id = m.fixture_id
      WHERE f.status IN ('waiting', 'release', 'progress') AND m.status IN ('open', 'suspended')`,
  );
  return r.rows.map((x) => x.id);
}

/** Player odds and offer flags; returns the outcomes that really changed. */
export async function setPlayerOdds(
  sql: Sql,
  rows: { id: string; odds: number; active: boolean }[],
  at: Date,
): Promise<{ id: bigint; market_id: bigint; odds: string; active: boolean }[]> {
  if (rows.length === 0) return [];
  const r = await sql.query<{ id: bigint; market_id: bigint; odds: string; active: boolean }>(
    `UPDATE outcomes o SET odds = x.odds / 100.0, active = x.active, updated_at = $2
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, odds int, active boolean)
      WHERE o.id = x.id::bigint AND (o.odds <> x.odds / 100.0 OR o.active <> x.active)
      RETURNING o.id, o.market_id, o.odds::text AS odds, o.active`,
    [JSON.stringify(rows), at],
  );
  return r.rows;
}

/** Version bump (and waiting → release once priced) of fixtures whose offer changed. */
export async function bumpFixtures(sql: Sql, ids: bigint[], at: Date): Promise<{ id: bigint; version: bigint; status: string; bet_stop: boolean }[]> {
  if (ids.length === 0) return [];
  const r = await sql.query<{ id: bigint; version: bigint; status: string; bet_stop: boolean }>(
    `UPDATE fixtures SET version = version + 1, updated_at = $2,
            status = CASE WHEN status = 'waiting' AND managed = 'auto' THEN 'release' ELSE status END
      WHERE id = ANY($1::bigint[]) RETURNING id, version, status, bet_stop`,
    [ids, at],
  );
  return r.rows;
}

// ---- live state

export type FixtureKey = { id: bigint; status: string; managed: string; result_version: number; has_result: boolean; bet_stop: boolean };

export async function fixturesByRef(sql: Sql, refs: string[]): Promise<Map<string, FixtureKey>> {
  const r = await sql.query<FixtureKey & { feed_ref: string }>(
    `SELECT id, feed_ref, status, managed, result_version, result IS NOT NULL AS has_result, bet_stop FROM fixtures WHERE feed_ref = ANY($1::text[])`,
    [refs],
  );
  return new Map(r.rows.map((x) => [x.feed_ref, x]));
}

/** Applies a partial fixture change; bumps the version when status or bet stop moved. */
export async function updateFixture(
  sql: Sql,
  id: bigint,
  change: { status?: string; bet_stop?: boolean; score?: unknown; result?: unknown; clearResult?: boolean },
  at: Date,
): Promise<{ version: bigint; status: string; bet_stop: boolean } | null> {
  const r = await sql.query<{ version: bigint; status: string; bet_stop: boolean }>(
    `UPDATE fixtures SET
        version = version + CASE WHEN ($2::text IS NOT NULL AND status <> $2) OR ($3::boolean IS NOT NULL AND bet_stop <> $3) THEN 1 ELSE 0 END,
        status = coalesce($2, status),
        bet_stop = coalesce($3, bet_stop),
        score = coalesce($4::jsonb, score),
        result = CASE WHEN $6 THEN NULL ELSE coalesce($5::jsonb, result) END,
        result_source = CASE WHEN $5::jsonb IS NOT NULL THEN 'feed' WHEN $6 THEN NULL ELSE result_source END,
        result_version = result_version + CASE WHEN $5::jsonb IS NOT NULL THEN 1 ELSE 0 END,
        updated_at = $7
      WHERE id = $1 RETURNING version, status, bet_stop`,
    [
      id,
      change.status ?? null,
      change.bet_stop ?? null,
      change.score === undefined ? null : JSON.stringify(change.score),
      change.result === undefined ? null : JSON.stringify(change.result),
      change.clearResult === true,
      at,
    ],
  );
  return r.rows[0] ?? null;
}

/** Markets of a fixture by feed ref (all when `refs` is null) set to a status; returns their ids. */
export async function setMarketsStatus(sql: Sql, fixtureId: bigint, refs: string[] | null, status: string, onlyFrom: string[]): Promise<bigint[]> {
  const r = await sql.query<{ id: bigint }>(
    `UPDATE markets SET status = $3 WHERE fixture_id = $1 AND ($2::text[] IS NULL OR feed_ref = ANY($2::text[])) AND status = ANY($4::text[]) RETURNING id`,
    [fixtureId, refs, status, onlyFrom],
  );
  return r.rows.map((x) => x.id);
}

/** Outcome results of the given markets: every outcome set to `result` (null clears; `onlyIf` limits to outcomes holding that result). */
export async function setOutcomeResults(sql: Sql, marketIds: bigint[], result: string | null, onlyIf: string | null, at: Date) {
  if (marketIds.length === 0) return;
  await sql.query(
    `UPDATE outcomes SET result = $2, dead_heat_factor = NULL, updated_at = $4
      WHERE market_id = ANY($1::bigint[]) AND ($3::text IS NULL OR result = $3)`,
    [marketIds, result, onlyIf, at],
  );
}

/** Per-outcome results sent by the feed (market ref + outcome code). */
export async function writeFeedOutcomeResults(
  sql: Sql,
  fixtureId: bigint,
  rows: { ref: string; code: string; result: string; dh: number | null }[],
  at: Date,
): Promise<bigint[]> {
  if (rows.length === 0) return [];
  const r = await sql.query<{ market_id: bigint }>(
    `UPDATE outcomes o SET result = x.result, dead_heat_factor = x.dh, updated_at = $3
       FROM jsonb_to_recordset($2::jsonb) AS x(ref text, code text, result text, dh numeric), markets m
      WHERE m.fixture_id = $1 AND m.feed_ref = x.ref AND o.market_id = m.id AND o.code = x.code
      RETURNING o.market_id`,
    [fixtureId, JSON.stringify(rows), at],
  );
  return [...new Set(r.rows.map((x) => x.market_id))];
}

export async function enqueueSettlement(sql: Sql, fixtureId: bigint, action: string, params: Record<string, unknown>, at: Date): Promise<bigint> {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO sports_settle_queue (fixture_id, action, params, requested_by, requested_at) VALUES ($1, $2, $3, 'feed', $4) RETURNING id`,
    [fixtureId, action, JSON.stringify(params), at],
  );
  return r.rows[0].id;
}

// ---- read snapshot

export type FixtureRow = {
  id: bigint;
  sport: string;
  league_id: bigint;
  home_team_id: bigint;
  away_team_id: bigint;
  starts_at: Date;
  status: string;
  on_sale: boolean;
  bet_stop: boolean;
  score: Record<string, unknown>;
  result: Record<string, unknown> | null;
  version: bigint;
};
export type MarketRow = { id: bigint; fixture_id: bigint; kind: string; period: string; line: string | null; status: string; sort: number };
export type OutcomeRow = { id: bigint; market_id: bigint; code: string; odds: string; active: boolean; result: string | null };

const FIXTURE_COLS = `f.id, f.sport, f.league_id, f.home_team_id, f.away_team_id, f.starts_at, f.status, f.on_sale, f.bet_stop, f.score, f.result, f.version`;

/** Fixtures still on offer or finished after `since`; or exactly the given ids. */
export async function loadFixtures(sql: Sql, ids: bigint[] | null, since: Date): Promise<FixtureRow[]> {
  const r = ids
    ? await sql.query<FixtureRow>(`SELECT ${FIXTURE_COLS} FROM fixtures f WHERE f.id = ANY($1::bigint[])`, [ids])
    : await sql.query<FixtureRow>(`SELECT ${FIXTURE_COLS} FROM fixtures f WHERE f.status IN ('waiting', 'release', 'progress') OR f.updated_at >= $1`, [since]);
  return r.rows;
}

export async function loadMarkets(sql: Sql, fixtureIds: bigint[]): Promise<{ markets: MarketRow[]; outcomes: OutcomeRow[] }> {
  if (fixtureIds.length === 0) return { markets: [], outcomes: [] };
  const markets = await sql.query<MarketRow>(
    `SELECT id, fixture_id, kind, period, line::text AS line, status, sort FROM markets WHERE fixture_id = ANY($1::bigint[]) ORDER BY fixture_id, sort, id`,
    [fixtureIds],
  );
  const outcomes = await sql.query<OutcomeRow>(
    `SELECT o.id, o.market_id, o.code, o.odds::text AS odds, o.active, o.result
       FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = ANY($1::bigint[]) ORDER BY o.market_id, o.id`,
    [fixtureIds],
  );
  return { markets: markets.rows, outcomes: outcomes.rows };
}

export type LeagueRow = { id: bigint; sport: string; names: Record<string, string>; country: string | null; stopped_types: string[]; sort: number };
export type TeamRow = { id: bigint; feed_name: string; feed_names: Record<string, string>; names: Record<string, string> };
export type SportRow = { code: string; names: Record<string, string>; sort: number };

export async function loadNames(sql: Sql) {
  const sports = await sql.query<SportRow>(`SELECT code, names, sort FROM sports ORDER BY sort, code`);
  const leagues = await sql.query<LeagueRow>(`SELECT id, sport, names, country, stopped_types, sort FROM leagues`);
  const teams = await sql.query<TeamRow>(`SELECT id, feed_name, feed_names, names FROM teams`);
  return { sports: sports.rows, leagues: leagues.rows, teams: teams.rows };
}
