import { atomically, inTransaction, type Sql } from '../../platform/db.ts';
import type { OutcomeResult } from './grading.ts';

export type QueueAction = 'settle' | 'resettle' | 'cancel_refund' | 'cancel_recover' | 'rollback' | 'cancel_window';
export type QueueItem = {
  id: bigint;
  fixture_id: bigint;
  action: QueueAction;
  params: Record<string, unknown>;
  requested_by: string;
  requested_at: Date;
  done_at: Date | null;
  phase: number;
  cursor: bigint;
  settled: number;
  reopened: number;
  written_off: bigint;
  error: unknown;
};

export async function enqueue(sql: Sql, fixtureId: bigint, action: QueueAction, params: object, by: string, at: Date) {
  return (
    await sql.query<{ id: bigint }>(
      `INSERT INTO sports_settle_queue (fixture_id, action, params, requested_by, requested_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [fixtureId, action, JSON.stringify(params), by, at],
    )
  ).rows[0].id;
}

/** The oldest unfinished items (a poll that finds none is this one indexed query). */
export async function openItems(sql: Sql, limit: number) {
  return (await sql.query<QueueItem>(`SELECT * FROM sports_settle_queue WHERE done_at IS NULL ORDER BY id LIMIT $1`, [limit], 'sports_queue_open')).rows;
}

export async function itemByRequest(sql: Sql, fixtureId: bigint, requestId: string) {
  return (
    await sql.query<QueueItem>(`SELECT * FROM sports_settle_queue WHERE fixture_id = $1 AND params->>'request_id' = $2 ORDER BY id LIMIT 1`, [
      fixtureId,
      requestId,
    ])
  ).rows[0];
}

export async function itemById(sql: Sql, id: bigint) {
  return (await sql.query<QueueItem>(`SELECT * FROM sports_settle_queue WHERE id = $1`, [id])).rows[0];
}

/** Progress of an item; a finished item is never reopened (two workers on one item: the job and an admin call). */
export async function saveProgress(
  sql: Sql,
  id: bigint,
  p: { phase: number; cursor: bigint; settled: number; reopened: number; writtenOff: bigint; doneAt: Date | null; error?: unknown },
) {
  await sql.query(
    `UPDATE sports_settle_queue SET phase = $2, cursor = $3, settled = settled + $4, reopened = reopened + $5, written_off = written_off + $6,
       done_at = $7, error = coalesce($8::jsonb, error) WHERE id = $1 AND done_at IS NULL`,
    [id, p.phase, p.cursor, p.settled, p.reopened, p.writtenOff, p.doneAt, p.error === undefined ? null : JSON.stringify(p.error)],
    'sports_queue_progress',
  );
}

export type LegRow = {
  bet_id: bigint;
  user_id: bigint;
  amount: bigint;
  potential_win: bigint;
  status: string;
  /** A combination's stored folders (bets.selections), to carry each folder's result; null for a single. */
  selections: unknown;
  idx: number;
  odds: string;
  result: OutcomeResult | null;
  dead_heat: string | null;
  played: boolean;
};

export type BetFilter = {
  statuses: string[];
  /** Only bets with a leg in one of these markets (feed refs); null = any market of the fixture. */
  markets: string[] | null;
  /** Only bets placed inside [from, to). */
  from: Date | null;
  to: Date | null;
  /** Only bets cancelled by one of these (rollback of a cancel). */
  cancelledBy: string[] | null;
};

/**
 * The next batch of a fixture's bets after `cursor` (bet-id order, the fixture+bet index), with
 * every leg of each bet (also legs on other fixtures) and that leg's outcome result: one query.
 * The cursor bounds the bets and legs scanned too (the same ids, said to the planner), so a batch
 * reads from the cursor on instead of from the fixture's first bet.
 */
export async function nextBatch(sql: Sql, fixtureId: bigint, cursor: bigint, limit: number, f: BetFilter): Promise<LegRow[]> {
  if (inTransaction(sql)) return readBatch(sql, fixtureId, cursor, limit, f);
  // A fixture whose bets came in since the last ANALYZE is estimated at a few legs: the planner
  // then picks a bitmap scan of every remaining leg, joins them all to their bets and sorts,
  // so each batch read the fixture's whole tail (85 ms per batch of 2,000 out of 20,000 bets).
  // Without bitmap scans it walks the (fixture, bet) index in order and stops at the limit
  // (8 ms), whatever the estimate. SET LOCAL needs a transaction of its own.
  return atomically(sql, async (tx) => {
    await tx.query('SET LOCAL enable_bitmapscan = off');
    return readBatch(tx, fixtureId, cursor, limit, f);
  });
}

async function readBatch(sql: Sql, fixtureId: bigint, cursor: bigint, limit: number, f: BetFilter) {
  // The market filter is a separate statement text so the common case plans without the join.
  const byMarket = f.markets !== null;
  return (
    await sql.query<LegRow>(
      `WITH cand AS (
         SELECT DISTINCT s.bet_id FROM sports_bet_selections s
         JOIN bets b ON b.id = s.bet_id
         ${byMarket ? 'JOIN markets m ON m.id = s.market_id' : ''}
         WHERE s.fixture_id = $1 AND s.bet_id > $2 AND b.id > $2 AND b.status = ANY($4::text[])
           AND ${byMarket ? 'm.feed_ref = ANY($5::text[])' : '$5::text[] IS NULL'}
           AND ($6::timestamptz IS NULL OR b.created_at >= $6) AND ($7::timestamptz IS NULL OR b.created_at < $7)
           AND ($8::text[] IS NULL OR b.cancelled_by = ANY($8::text[]))
         ORDER BY s.bet_id LIMIT $3)
       SELECT b.id AS bet_id, b.user_id, b.amount, b.potential_win, b.status, CASE WHEN b.bet_type = 'combo' THEN b.selections END AS selections, s.idx, s.odds::text AS odds, o.result,
              o.dead_heat_factor::text AS dead_heat, (m.status <> 'void' AND f.status <> 'cancelled') AS played
       FROM cand JOIN bets b ON b.id = cand.bet_id
       JOIN sports_bet_selections s ON s.bet_id = cand.bet_id AND s.bet_id > $2
       JOIN outcomes o ON o.id = s.outcome_id
       JOIN markets m ON m.id = s.market_id
       JOIN fixtures f ON f.id = s.fixture_id
       ORDER BY b.id, s.idx`,
      [fixtureId, cursor, limit, f.statuses, f.markets, f.from, f.to, f.cancelledBy],
      byMarket ? 'sports_settle_batch_m' : 'sports_settle_batch',
    )
  ).rows;
}

/**
 * Per-leg results and factors of settled bets, copied from their outcomes in one statement (the
 * factor is the same exact decimal `grading.legFactor` computes: won = odds × dead heat, void = 1,
 * half won = (1 + odds) / 2, half lost = 1/2, lost = 0).
 */
export async function writeLegResults(sql: Sql, betIds: bigint[]) {
  if (betIds.length === 0) return;
  await sql.query(
    `UPDATE sports_bet_selections s SET result = o.result,
       factor = CASE o.result WHEN 'won' THEN s.odds * coalesce(o.dead_heat_factor, 1) WHEN 'void' THEN 1 WHEN 'half_won' THEN (1 + s.odds) / 2
                              WHEN 'half_lost' THEN 0.5 ELSE 0 END
     FROM outcomes o WHERE s.bet_id = ANY($1::bigint[]) AND o.id = s.outcome_id`,
    [betIds.map(String)],
    'sports_write_leg_results',
  );
}

export async function clearLegResults(sql: Sql, betIds: bigint[]) {
  if (betIds.length === 0) return;
  await sql.query(`UPDATE sports_bet_selections SET result = NULL, factor = NULL WHERE bet_id = ANY($1::bigint[])`, [betIds.map(String)]);
}

// ---- fixtures, markets, outcomes (result entry)

export type FixtureRow = {
  id: bigint;
  sport: string;
  league_id: bigint;
  home_team_id: bigint;
  away_team_id: bigint;
  starts_at: Date;
  status: string;
  on_sale: boolean;
  managed: string;
  result: unknown;
  result_source: string | null;
  result_version: number;
};

export async function lockFixture(sql: Sql, id: bigint) {
  return (await sql.query<FixtureRow>(`SELECT * FROM fixtures WHERE id = $1 FOR UPDATE`, [id])).rows[0];
}

export async function fixtureById(sql: Sql, id: bigint) {
  return (await sql.query<FixtureRow>(`SELECT * FROM fixtures WHERE id = $1`, [id])).rows[0];
}

export async function writeFixtureResult(sql: Sql, id: bigint, result: unknown, source: 'feed' | 'admin', status: string, at: Date) {
  return (
    await sql.query<{ result_version: number }>(
      `UPDATE fixtures SET result = $2::jsonb, result_source = $3, result_version = result_version + 1, status = $4, version = version + 1, updated_at = $5
       WHERE id = $1 RETURNING result_version`,
      [id, result === null ? null : JSON.stringify(result), source, status, at],
    )
  ).rows[0].result_version;
}

export async function setFixtureFlags(sql: Sql, id: bigint, f: { onSale?: boolean; managed?: 'auto' | 'manual'; status?: string }, at: Date) {
  return (
    await sql.query<FixtureRow>(
      `UPDATE fixtures SET on_sale = coalesce($2, on_sale), managed = coalesce($3, managed), status = coalesce($4, status), version = version + 1, updated_at = $5
       WHERE id = $1 RETURNING *`,
      [id, f.onSale ?? null, f.managed ?? null, f.status ?? null, at],
    )
  ).rows[0];
}

export type MarketOutcomes = { market_id: bigint; kind: string; period: string; line: string | null; status: string; outcomes: { id: string; code: string }[] };

export async function marketsOf(sql: Sql, fixtureId: bigint) {
  return (
    await sql.query<MarketOutcomes>(
      `SELECT m.id AS market_id, m.kind, m.period, m.line::text AS line, m.status,
              coalesce(json_agg(json_build_object('id', o.id::text, 'code', o.code) ORDER BY o.id) FILTER (WHERE o.id IS NOT NULL), '[]') AS outcomes
       FROM markets m LEFT JOIN outcomes o ON o.market_id = m.id WHERE m.fixture_id = $1 GROUP BY m.id ORDER BY m.sort, m.id`,
      [fixtureId],
    )
  ).rows;
}

/** Outcomes of the fixture that have no result yet (the job grades them from the fixture result). */
export async function ungradedCount(sql: Sql, fixtureId: bigint) {
  return (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = $1 AND o.result IS NULL AND m.status <> 'void'`,
      [fixtureId],
    )
  ).rows[0].n;
}

/** Ids of the fixture's outcomes that have no result yet (of any market, void ones too). */
export async function ungradedOutcomeIds(sql: Sql, fixtureId: bigint) {
  return (
    await sql.query<{ id: bigint }>(`SELECT o.id FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = $1 AND o.result IS NULL`, [
      fixtureId,
    ])
  ).rows.map((r) => r.id);
}

export async function writeOutcomeResults(sql: Sql, rows: { id: bigint; result: string | null; deadHeat: string | null }[], at: Date) {
  if (rows.length === 0) return;
  await sql.query(
    `UPDATE outcomes o SET result = u.result, dead_heat_factor = u.dh, updated_at = $4
     FROM unnest($1::bigint[], $2::text[], $3::numeric[]) AS u(id, result, dh) WHERE o.id = u.id`,
    [rows.map((r) => String(r.id)), rows.map((r) => r.result), rows.map((r) => r.deadHeat), at],
  );
}

export async function setMarketStatus(sql: Sql, ids: bigint[], status: string) {
  if (ids.length === 0) return;
  await sql.query(`UPDATE markets SET status = $2 WHERE id = ANY($1::bigint[])`, [ids.map(String), status]);
}

export async function insertEntry(
  sql: Sql,
  e: {
    fixtureId: bigint;
    action: string;
    result: unknown;
    version: number;
    actorType: string;
    actorId: bigint | null;
    memo: string | null;
    queueId: bigint | null;
    at: Date;
  },
) {
  await sql.query(
    `INSERT INTO sports_result_entries (fixture_id, action, result, version, actor_type, actor_id, memo, queue_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [e.fixtureId, e.action, e.result === null ? null : JSON.stringify(e.result), e.version, e.actorType, e.actorId, e.memo, e.queueId, e.at],
  );
}

export async function entriesOf(sql: Sql, fixtureId: bigint) {
  return (
    await sql.query<{
      id: bigint;
      action: string;
      result: unknown;
      version: number;
      actor_type: string;
      actor_id: bigint | null;
      memo: string | null;
      created_at: Date;
    }>(
      `SELECT id, action, result, version, actor_type, actor_id, memo, created_at FROM sports_result_entries WHERE fixture_id = $1 ORDER BY id DESC LIMIT 50`,
      [fixtureId],
    )
  ).rows;
}

export async function queueOf(sql: Sql, fixtureId: bigint) {
  return (await sql.query<QueueItem>(`SELECT * FROM sports_settle_queue WHERE fixture_id = $1 ORDER BY id DESC LIMIT 20`, [fixtureId])).rows;
}

/** What a recall of the fixture's paid bets would take from each player, against what they hold. */
export async function recallPreview(sql: Sql, fixtureId: bigint, statuses: string[]) {
  return (
    await sql.query<{ user_id: bigint; account: string; bets: number; owed: bigint; held: bigint }>(
      `WITH b AS (
         SELECT DISTINCT b.id, b.user_id, b.win_amount FROM sports_bet_selections s JOIN bets b ON b.id = s.bet_id
         WHERE s.fixture_id = $1 AND b.status = ANY($2::text[]))
       SELECT b.user_id, u.account, count(*)::int AS bets, sum(b.win_amount)::bigint AS owed, coalesce(a.balance, 0)::bigint AS held
       FROM b JOIN users u ON u.id = b.user_id
       LEFT JOIN ledger_accounts a ON a.owner_type = 'user' AND a.owner_id = b.user_id AND a.asset = 'money'
       GROUP BY b.user_id, u.account, a.balance ORDER BY b.user_id`,
      [fixtureId, statuses],
    )
  ).rows;
}
