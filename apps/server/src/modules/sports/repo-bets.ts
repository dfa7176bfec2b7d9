import { definePart } from '../ledger/index.ts';
import { coalescer } from '../../platform/coalesce.ts';
import { inTransaction, type Sql } from '../../platform/db.ts';
import type { RoundCounters, SnapshotRow } from './slip-rules.ts';

/** The slip's outcomes with their market, fixture, league and teams; names in the default language (ko). */
const SNAPSHOT = `SELECT o.id AS outcome_id, o.code, o.odds::text AS odds, o.active, o.updated_at AS outcome_updated_at,
    m.id AS market_id, m.kind, m.period, m.line::text AS line, m.status AS market_status,
    f.id AS fixture_id, f.status AS fixture_status, f.on_sale, f.bet_stop, f.starts_at, f.version, f.sport,
    coalesce(l.names->>'ko', '') AS league, l.stopped_types AS league_stopped,
    coalesce(nullif(ht.names->>'ko', ''), nullif(ht.feed_names->>'ko', ''), ht.feed_name) AS home,
    coalesce(nullif(aw.names->>'ko', ''), nullif(aw.feed_names->>'ko', ''), aw.feed_name) AS away
  FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN fixtures f ON f.id = m.fixture_id JOIN leagues l ON l.id = f.league_id
  JOIN teams ht ON ht.id = f.home_team_id JOIN teams aw ON aw.id = f.away_team_id
  WHERE o.id = ANY($1::bigint[])`;

type SnapshotDb = Omit<SnapshotRow, 'league_stopped'> & { league_stopped: string[] | string };

const toSnapshot = (r: SnapshotDb): SnapshotRow => ({
  ...r,
  league_stopped: Array.isArray(r.league_stopped) ? r.league_stopped : parseTextArray(r.league_stopped),
});
/** A text[] that came back as its literal ("{cross,live}"). */
const parseTextArray = (v: string) =>
  v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter((s) => s.length > 0)
    .map((s) => s.replace(/^"|"$/g, ''));

type Loaded = { member: { level: number; restrictions: Record<string, boolean> }; rows: Map<bigint, SnapshotRow> } | null;
type SlipRow = { n: number; level: number; restrictions: Record<string, boolean> } & Partial<SnapshotDb>;

/** Many slips' reads in one statement: per slip (`n`, 1-based) the member's row and its outcomes. */
const SLIPS = `SELECT r.n::int AS n, u.level, u.restrictions, s.* FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS r(user_id, ids, n)
  JOIN users u ON u.id = r.user_id LEFT JOIN LATERAL (${SNAPSHOT.replace('$1::bigint[]', 'r.ids::bigint[]')}) s ON true`;

async function loadSlips(sql: Sql, slips: { userId: bigint; outcomeIds: bigint[] }[]): Promise<Loaded[]> {
  const r = await sql.query<SlipRow>(SLIPS, [slips.map((x) => String(x.userId)), slips.map((x) => `{${x.outcomeIds.join(',')}}`)], 'sports_slips_load');
  const out: Loaded[] = slips.map(() => null);
  for (const x of r.rows) {
    const got = (out[x.n - 1] ??= { member: { level: x.level, restrictions: x.restrictions ?? {} }, rows: new Map() });
    if (x.outcome_id !== null && x.outcome_id !== undefined) got.rows.set(x.outcome_id, toSnapshot(x as SnapshotDb));
  }
  return out;
}

const slipReaders = new WeakMap<object, (key: { userId: bigint; outcomeIds: bigint[] }) => Promise<Loaded>>();

/**
 * One round trip before the transaction: the slip's outcomes and the member's level and
 * activity restrictions (admin-set values; read unlocked, decision 017). Outside a transaction
 * the slips asked for at the same moment share that round trip (platform `coalescer`).
 */
export function loadSlip(sql: Sql, userId: bigint, outcomeIds: bigint[]): Promise<Loaded> {
  if (inTransaction(sql)) return loadSlips(sql, [{ userId, outcomeIds }]).then((r) => r[0]);
  let read = slipReaders.get(sql);
  if (!read) slipReaders.set(sql, (read = coalescer((keys: { userId: bigint; outcomeIds: bigint[] }[]) => loadSlips(sql, keys))));
  return read({ userId, outcomeIds });
}

/** The outcomes again (in-play re-check after the delay) and which of their fixtures got a bet stop since `since`. */
export async function reloadAfterDelay(sql: Sql, outcomeIds: bigint[], since: Date) {
  const rows = (await sql.query<SnapshotDb>(SNAPSHOT, [outcomeIds.map(String)], 'sports_slip_reload')).rows.map(toSnapshot);
  const fixtures = [...new Set(rows.map((r) => r.fixture_id))];
  return { rows: new Map(rows.map((r) => [r.outcome_id, r])), stopped: await stoppedSince(sql, fixtures, since) };
}

/** Which of the fixtures got a bet stop from the feed since `since` (an in-play delay's window: placement and cash-out). */
export async function stoppedSince(sql: Sql, fixtureIds: bigint[], since: Date) {
  // Only the fixture's latest messages can fall inside the few seconds of the delay: read those
  // newest first (bounded), not the match's whole history.
  const stops = await sql.query<{ fixture_id: bigint }>(
    `SELECT f.id AS fixture_id FROM fixtures f
       CROSS JOIN LATERAL (SELECT fm.kind, fm.received_at FROM feed_messages fm WHERE fm.fixture_ref = f.feed_ref ORDER BY fm.id DESC LIMIT 500) m
      WHERE f.id = ANY($1::bigint[]) AND m.kind = 'bet_stop' AND m.received_at >= $2
      GROUP BY f.id`,
    [fixtureIds.map(String), since],
  );
  return new Set(stops.rows.map((s) => s.fixture_id));
}

export type FolderInsert = { idx: number; fixture_id: bigint; market_id: bigint; outcome_id: bigint; odds: string; line: string | null };

// A replayed placement (placeBet answered the first bet) inserts nothing: `sb` returns no row.
const INSERT_ROWS = `WITH sb AS (INSERT INTO sports_bets (bet_id, board, folders, in_play) VALUES ($1::bigint, $2::text, $3::smallint, $4::boolean)
      ON CONFLICT (bet_id) DO NOTHING RETURNING bet_id),
  sel AS (INSERT INTO sports_bet_selections (bet_id, idx, fixture_id, market_id, outcome_id, odds, line, in_play)
    SELECT $1::bigint, t.idx, t.fixture_id, t.market_id, t.outcome_id, t.odds, t.line, $4::boolean
    FROM unnest($5::smallint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::numeric[], $10::numeric[]) AS t(idx, fixture_id, market_id, outcome_id, odds, line)
    WHERE EXISTS (SELECT 1 FROM sb))`;

/** What `chainedBetRowsMany` needs of one bet of a batch. */
export type BatchBetRows = { userId: bigint; requestId: string; board: string; inPlay: boolean; folders: FolderInsert[] };

/**
 * The sports rows of new bets as CTEs chained to their placement statement (betting `placeBet`
 * `rows`: a batch, or one bet alone): each bet's rows find it in `attached` by member and request
 * id, so a bet the statement did not post (a replay, one the batch skipped) inserts nothing, and
 * a refused one rolls them back with the stake. A single bet is one statement (decision 012,
 * fourth pass).
 */
const betRowsPart = definePart(
  'sports_rows_many',
  `sports_bet AS (INSERT INTO sports_bets (bet_id, board, folders, in_play)
        SELECT a.bet_id, s.board, s.folders, s.in_play FROM attached a
        JOIN unnest(:user_ids::bigint[], :request_ids::text[], :boards::text[], :folder_counts::smallint[], :in_plays::boolean[]) AS s(owner_id, request_id, board, folders, in_play)
          ON s.owner_id = a.owner_id AND s.request_id = a.bet_request_id
        RETURNING bet_id),
     sports_sel AS (INSERT INTO sports_bet_selections (bet_id, idx, fixture_id, market_id, outcome_id, odds, line, in_play)
        SELECT a.bet_id, t.idx, t.fixture_id, t.market_id, t.outcome_id, t.odds, t.line, t.in_play FROM attached a
        JOIN unnest(:sel_user_ids::bigint[], :sel_request_ids::text[], :idxs::smallint[], :fixture_ids::bigint[], :market_ids::bigint[], :outcome_ids::bigint[], :odds::numeric[], :lines::numeric[], :sel_in_plays::boolean[])
          AS t(owner_id, request_id, idx, fixture_id, market_id, outcome_id, odds, line, in_play)
          ON t.owner_id = a.owner_id AND t.request_id = a.bet_request_id)`,
);

export function chainedBetRowsMany(items: BatchBetRows[]) {
  const sel = items.flatMap((b) => b.folders.map((f) => ({ b, f })));
  return betRowsPart({
    user_ids: items.map((b) => String(b.userId)),
    request_ids: items.map((b) => b.requestId),
    boards: items.map((b) => b.board),
    folder_counts: items.map((b) => b.folders.length),
    in_plays: items.map((b) => b.inPlay),
    sel_user_ids: sel.map(({ b }) => String(b.userId)),
    sel_request_ids: sel.map(({ b }) => b.requestId),
    idxs: sel.map(({ f }) => f.idx),
    fixture_ids: sel.map(({ f }) => String(f.fixture_id)),
    market_ids: sel.map(({ f }) => String(f.market_id)),
    outcome_ids: sel.map(({ f }) => String(f.outcome_id)),
    odds: sel.map(({ f }) => f.odds),
    lines: sel.map(({ f }) => f.line),
    sel_in_plays: sel.map(({ b }) => b.inPlay),
  });
}

/**
 * The sports rows of a placed bet, in one statement (the path with round counters); the same statement also
 * reads the member's other OPEN sports bets on these fixtures (the CTE inserts are not visible
 * to it, so the new bet is not counted): the round totals and outcomes for duplicate betting.
 * Runs under the member lock that placeBet took.
 */
export async function insertBetRows(
  sql: Sql,
  b: { betId: bigint; board: string; inPlay: boolean; folders: FolderInsert[] },
  countFor: bigint,
): Promise<{ inserted: boolean; counters: RoundCounters }> {
  const params: unknown[] = [
    b.betId,
    b.board,
    b.folders.length,
    b.inPlay,
    b.folders.map((f) => f.idx),
    b.folders.map((f) => String(f.fixture_id)),
    b.folders.map((f) => String(f.market_id)),
    b.folders.map((f) => String(f.outcome_id)),
    b.folders.map((f) => f.odds),
    b.folders.map((f) => f.line),
  ];
  const r = await sql.query<{ inserted: number; totals: { f: string; stake: string; win: string }[]; outcomes: string[] }>(
    `${INSERT_ROWS},
     open AS (SELECT b.id, b.amount, b.potential_win, s.fixture_id, s.outcome_id FROM bets b JOIN sports_bet_selections s ON s.bet_id = b.id
       WHERE b.user_id = $11::bigint AND b.status = 'open' AND b.game_type = 'sports' AND s.fixture_id = ANY($6::bigint[]))
     SELECT (SELECT count(*) FROM sb)::int AS inserted,
            (SELECT coalesce(json_agg(json_build_object('f', fixture_id::text, 'stake', stake::text, 'win', win::text)), '[]'::json)
               FROM (SELECT fixture_id, sum(amount) AS stake, sum(potential_win) AS win
                       FROM (SELECT DISTINCT id, fixture_id, amount, potential_win FROM open) d GROUP BY fixture_id) g) AS totals,
            (SELECT coalesce(array_agg(DISTINCT outcome_id::text), '{}') FROM open) AS outcomes`,
    [...params, countFor],
    'sports_bet_rows_counted',
  );
  const row = r.rows[0];
  const outcomes = Array.isArray(row.outcomes) ? row.outcomes : parseTextArray(String(row.outcomes));
  return {
    inserted: row.inserted > 0,
    counters: {
      stake: new Map(row.totals.map((t) => [BigInt(t.f), BigInt(t.stake)])),
      win: new Map(row.totals.map((t) => [BigInt(t.f), BigInt(t.win)])),
      outcomes: new Set(outcomes.map((o) => BigInt(o))),
    },
  };
}

export type CancelView = {
  id: bigint;
  user_id: bigint;
  status: string;
  cancelled_by: string | null;
  created_at: Date;
  board: string;
  first_start: Date;
  started: boolean;
};

/** A sports bet of the member with its board, earliest start and whether a match of it has started (status). */
export async function loadForCancel(sql: Sql, userId: bigint, betId: bigint) {
  return (
    await sql.query<CancelView>(
      `SELECT b.id, b.user_id, b.status, b.cancelled_by, b.created_at, sb.board, min(f.starts_at) AS first_start,
              bool_or(f.status IN ('progress', 'result')) AS started
         FROM bets b JOIN sports_bets sb ON sb.bet_id = b.id JOIN sports_bet_selections s ON s.bet_id = b.id JOIN fixtures f ON f.id = s.fixture_id
        WHERE b.id = $1 AND b.user_id = $2 AND b.game_type = 'sports'
        GROUP BY b.id, sb.board`,
      [betId, userId],
    )
  ).rows[0];
}

/** Bets the member cancelled since `from` (today's count, read under the member lock). */
export async function countPlayerCancels(sql: Sql, userId: bigint, from: Date) {
  return (
    await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE user_id = $1 AND cancelled_by = 'player' AND settled_at >= $2`, [userId, from])
  ).rows[0].n;
}

export type SportsBetHead = { board: string; folders: number; in_play: boolean; first_start: Date; started: boolean };

/** Board and start facts of many sports bets (history/detail decorations). */
export async function betHead(sql: Sql, betId: bigint) {
  return (
    await sql.query<SportsBetHead>(
      `SELECT sb.board, sb.folders, sb.in_play, min(f.starts_at) AS first_start, bool_or(f.status IN ('progress', 'result')) AS started
         FROM sports_bets sb JOIN sports_bet_selections s ON s.bet_id = sb.bet_id JOIN fixtures f ON f.id = s.fixture_id
        WHERE sb.bet_id = $1 GROUP BY sb.bet_id`,
      [betId],
    )
  ).rows[0];
}

export type FolderView = {
  idx: number;
  fixture_id: bigint;
  market_id: bigint;
  outcome_id: bigint;
  odds: string;
  line: string | null;
  in_play: boolean;
  result: string | null;
  code: string;
  kind: string;
  period: string;
  sport: string;
  starts_at: Date;
  fixture_status: string;
  score: Record<string, unknown> | null;
  league: string;
  home: string;
  away: string;
};

/** Every folder of one bet with its fixture now (names in the reader's language, falling back to ko and the feed name). */
export async function folders(sql: Sql, betId: bigint, lang: string) {
  return (
    await sql.query<FolderView>(
      `SELECT s.idx, s.fixture_id, s.market_id, s.outcome_id, s.odds::text AS odds, s.line::text AS line, s.in_play, s.result,
              o.code, m.kind, m.period, f.sport, f.starts_at, f.status AS fixture_status, f.score,
              coalesce(l.names->>$2, l.names->>'ko', '') AS league,
              coalesce(nullif(ht.names->>$2, ''), nullif(ht.feed_names->>$2, ''), nullif(ht.names->>'ko', ''), nullif(ht.feed_names->>'ko', ''), ht.feed_name) AS home,
              coalesce(nullif(aw.names->>$2, ''), nullif(aw.feed_names->>$2, ''), nullif(aw.names->>'ko', ''), nullif(aw.feed_names->>'ko', ''), aw.feed_name) AS away
         FROM sports_bet_selections s JOIN outcomes o ON o.id = s.outcome_id JOIN markets m ON m.id = s.market_id
         JOIN fixtures f ON f.id = s.fixture_id JOIN leagues l ON l.id = f.league_id
         JOIN teams ht ON ht.id = f.home_team_id JOIN teams aw ON aw.id = f.away_team_id
        WHERE s.bet_id = $1 ORDER BY s.idx`,
      [betId, lang],
    )
  ).rows;
}

/**
 * The fixture names ("home vs away") of every selection of these bets in `lang` (the admin's
 * name, else the feed's, else Korean, as the slip's detail reads them): the history list names a
 * bet in the reader's language, not the one it was placed in.
 */
export async function selectionNames(sql: Sql, betIds: bigint[], lang: string) {
  if (betIds.length === 0) return [];
  return (
    await sql.query<{ bet_id: bigint; idx: number; home: string; away: string }>(
      `SELECT s.bet_id, s.idx,
              coalesce(nullif(ht.names->>$2, ''), nullif(ht.feed_names->>$2, ''), nullif(ht.names->>'ko', ''), nullif(ht.feed_names->>'ko', ''), ht.feed_name) AS home,
              coalesce(nullif(aw.names->>$2, ''), nullif(aw.feed_names->>$2, ''), nullif(aw.names->>'ko', ''), nullif(aw.feed_names->>'ko', ''), aw.feed_name) AS away
         FROM sports_bet_selections s JOIN fixtures f ON f.id = s.fixture_id
         JOIN teams ht ON ht.id = f.home_team_id JOIN teams aw ON aw.id = f.away_team_id
        WHERE s.bet_id = ANY($1::bigint[])`,
      [betIds.map(String), lang],
    )
  ).rows;
}

/** The member's sports bet for a client request id, with its amount and outcomes (a replayed placement answers it). */
export async function betByRequest(sql: Sql, userId: bigint, requestId: string) {
  return (
    await sql.query<{ id: bigint; amount: bigint; outcomes: string[] }>(
      `SELECT b.id, b.amount, array_agg(s.outcome_id::text ORDER BY s.idx) AS outcomes
         FROM bets b JOIN sports_bet_selections s ON s.bet_id = b.id
        WHERE b.user_id = $1 AND b.request_id = $2 AND b.game_type = 'sports' GROUP BY b.id`,
      [userId, requestId],
    )
  ).rows[0];
}
