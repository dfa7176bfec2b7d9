import { holdDrainLock } from '../../platform/advisory-locks.ts';
import type { Sql } from '../../platform/db.ts';

/** SQL of losing settlements (decision 031); the rules are in losing.ts and losing-plan.ts. */

/** Waits for the drain (and any other period run): the journal is then complete up to now and nobody else writes it. */
export async function lockLosing(sql: Sql) {
  await holdDrainLock(sql, 'losing_lock');
}

export type PeriodRow = { id: bigint; from_day: string; to_day: string; run_at: Date; bets: number; net_loss: bigint; settlements: number };

const PERIOD_COLS = `p.id, to_char(p.from_day, 'YYYY-MM-DD') AS from_day, to_char(p.to_day, 'YYYY-MM-DD') AS to_day, p.run_at, p.bets, p.net_loss,
  (SELECT count(*)::int FROM losing_settlements s WHERE s.period_id = p.id) AS settlements`;

export async function periodByDays(sql: Sql, from: string, to: string) {
  return (await sql.query<PeriodRow>(`SELECT ${PERIOD_COLS} FROM losing_periods p WHERE from_day = $1 AND to_day = $2`, [from, to])).rows[0];
}

export async function latestPeriod(sql: Sql) {
  return (await sql.query<PeriodRow>(`SELECT ${PERIOD_COLS} FROM losing_periods p ORDER BY to_day DESC LIMIT 1`)).rows[0];
}

export async function periods(sql: Sql, limit = 100) {
  return (await sql.query<PeriodRow>(`SELECT ${PERIOD_COLS} FROM losing_periods p ORDER BY to_day DESC LIMIT $1`, [limit])).rows;
}

export async function insertPeriod(sql: Sql, p: { from: string; to: string; startsAt: Date; endsAt: Date; at: Date; by: bigint | null }) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO losing_periods (from_day, to_day, starts_at, ends_at, run_at, run_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [p.from, p.to, p.startsAt, p.endsAt, p.at, p.by],
  );
  return r.rows[0].id;
}

export async function finishPeriod(sql: Sql, id: bigint, bets: number, netLoss: bigint) {
  await sql.query('UPDATE losing_periods SET bets = $2, net_loss = $3 WHERE id = $1', [id, bets, netLoss]);
}

/** Consumes the journal up to the period's end: the bets that changed, once each. */
export async function takeJournal(sql: Sql, before: Date) {
  const r = await sql.query<{ bet_id: bigint }>(
    `WITH d AS (DELETE FROM losing_journal WHERE at < $1 RETURNING bet_id) SELECT DISTINCT bet_id FROM d ORDER BY bet_id`,
    [before],
    'losing_take_journal',
  );
  return r.rows.map((x) => x.bet_id);
}

export type EntryRow = { member_id: bigint; agent_id: bigint | null; net: bigint };

/**
 * What these bets add now: each bet's net (stake − payout when won or lost, else 0: a draw,
 * void, cancelled or re-opened bet is no valid bet) minus the sum of its earlier entries, written
 * as one entry where it is not zero. `which` picks the bets: a list of ids, or an id range (the
 * initialisation's chunks, one primary-key range scan).
 */
export async function writeEntries(
  sql: Sql,
  which: { ids: bigint[] } | { after: bigint; upTo: bigint },
  tag: { periodId: bigint } | { initId: bigint },
  at: Date,
) {
  const byIds = 'ids' in which;
  const r = await sql.query<EntryRow>(
    `INSERT INTO losing_entries (period_id, init_id, bet_id, member_id, agent_id, status, stake, payout, net, at)
     SELECT $3, $4, b.id, b.user_id, u.parent_id, b.status, b.amount, b.win_amount, cur.net - COALESCE(inc.net, 0), $5
       FROM bets b
       JOIN users u ON u.id = b.user_id
       CROSS JOIN LATERAL (SELECT CASE WHEN b.status IN ('won', 'lost') THEN b.amount - b.win_amount ELSE 0 END AS net) cur
       LEFT JOIN LATERAL (SELECT sum(e.net) AS net FROM losing_entries e WHERE e.bet_id = b.id) inc ON true
      WHERE ${byIds ? 'b.id = ANY($1::bigint[]) AND $2::bigint IS NULL' : 'b.id > $1::bigint AND b.id <= $2::bigint'}
        AND cur.net <> COALESCE(inc.net, 0)
     RETURNING member_id, agent_id, net`,
    [byIds ? which.ids.map(String) : which.after, byIds ? null : which.upTo, 'periodId' in tag ? tag.periodId : null, 'initId' in tag ? tag.initId : null, at],
    byIds ? 'losing_entries_of_bets' : 'losing_entries_of_range',
  );
  return r.rows;
}

export type AgentRow = { id: bigint; rolling_json: Record<string, number | string>; open: boolean };

/** Each group agent and everyone above it, direct agent first: its path for splitLosing. */
export async function pathsOfAgents(sql: Sql, agentIds: bigint[]) {
  if (agentIds.length === 0) return new Map<bigint, AgentRow[]>();
  const r = await sql.query<{ descendant_id: bigint } & AgentRow>(
    `SELECT t.descendant_id, a.id, a.rolling_json, COALESCE((a.role_setting->>'isOpenLosing')::boolean, false) AS open
       FROM user_tree t JOIN users a ON a.id = t.ancestor_id
      WHERE t.descendant_id = ANY($1::bigint[]) AND a.role <> 'user'
      ORDER BY t.descendant_id, t.depth`,
    [agentIds.map(String)],
    'losing_paths',
  );
  const out = new Map<bigint, AgentRow[]>();
  for (const row of r.rows) {
    const list = out.get(row.descendant_id) ?? [];
    list.push({ id: row.id, rolling_json: row.rolling_json, open: row.open });
    out.set(row.descendant_id, list);
  }
  return out;
}

export type NewPart = { agentId: bigint; groupAgentId: bigint; groupNet: bigint; rate: bigint; amount: bigint; open: boolean };

export async function insertParts(sql: Sql, periodId: bigint, parts: NewPart[]) {
  if (parts.length === 0) return;
  const col = <T>(f: (p: NewPart) => T) => parts.map(f);
  await sql.query(
    `INSERT INTO losing_parts (period_id, agent_id, group_agent_id, group_net, rate, amount, open)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::boolean[])`,
    [
      periodId,
      col((p) => String(p.agentId)),
      col((p) => String(p.groupAgentId)),
      col((p) => String(p.groupNet)),
      col((p) => String(p.rate)),
      col((p) => String(p.amount)),
      col((p) => p.open),
    ],
    'losing_insert_parts',
  );
}

/** Every negative settlement not carried yet (the run holds the losing lock, so each is carried once). */
export async function openCarries(sql: Sql) {
  return (
    await sql.query<{ id: bigint; agent_id: bigint; amount: bigint; rate: bigint }>(
      `SELECT id, agent_id, amount, rate FROM losing_settlements WHERE status = 'carried' AND carried_to IS NULL ORDER BY id FOR UPDATE`,
    )
  ).rows;
}

export type NewSettlement = { agentId: bigint; netLoss: bigint; rate: bigint; own: bigint; carriedIn: bigint; amount: bigint; status: string };

export async function insertSettlements(sql: Sql, periodId: bigint, rows: NewSettlement[], at: Date) {
  if (rows.length === 0) return [];
  const col = <T>(f: (p: NewSettlement) => T) => rows.map(f);
  return (
    await sql.query<{ id: bigint; agent_id: bigint }>(
      `INSERT INTO losing_settlements (period_id, agent_id, net_loss, rate, own, carried_in, amount, status, created_at)
       SELECT $1, *, $9::timestamptz FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[])
       RETURNING id, agent_id`,
      [
        periodId,
        col((p) => String(p.agentId)),
        col((p) => String(p.netLoss)),
        col((p) => String(p.rate)),
        col((p) => String(p.own)),
        col((p) => String(p.carriedIn)),
        col((p) => String(p.amount)),
        col((p) => p.status),
        at,
      ],
      'losing_insert_settlements',
    )
  ).rows;
}

export async function markCarried(sql: Sql, carries: { id: bigint; to: bigint }[]) {
  if (carries.length === 0) return;
  await sql.query(`UPDATE losing_settlements s SET carried_to = c.to_id FROM unnest($1::bigint[], $2::bigint[]) AS c(id, to_id) WHERE s.id = c.id`, [
    carries.map((c) => String(c.id)),
    carries.map((c) => String(c.to)),
  ]);
}

export type SettlementRow = { id: bigint; agent_id: bigint; amount: bigint; status: string; paid_tx: bigint | null; recovered_tx: bigint | null };

export async function lockSettlement(sql: Sql, id: bigint) {
  return (await sql.query<SettlementRow>('SELECT id, agent_id, amount, status, paid_tx, recovered_tx FROM losing_settlements WHERE id = $1 FOR UPDATE', [id]))
    .rows[0];
}

export async function settlementAgent(sql: Sql, id: bigint) {
  return (await sql.query<{ agent_id: bigint }>('SELECT agent_id FROM losing_settlements WHERE id = $1', [id])).rows[0]?.agent_id;
}

export async function markPaid(sql: Sql, id: bigint, tx: bigint, by: string, at: Date) {
  await sql.query(`UPDATE losing_settlements SET status = 'paid', paid_tx = $2, paid_by = $3, paid_at = $4 WHERE id = $1`, [id, tx, by, at]);
}

export async function markRecovered(sql: Sql, id: bigint, tx: bigint, by: string, at: Date) {
  await sql.query(`UPDATE losing_settlements SET status = 'recovered', recovered_tx = $2, recovered_by = $3, recovered_at = $4 WHERE id = $1`, [
    id,
    tx,
    by,
    at,
  ]);
}

export type ListFilter = { from?: string; to?: string; skip: number; limit: number };
export type ListedRow = {
  id: bigint;
  period_id: bigint;
  from_day: string;
  to_day: string;
  agent_id: bigint;
  account: string;
  nickname: string;
  role: string;
  net_loss: bigint;
  rate: bigint;
  own: bigint;
  carried_in: bigint;
  amount: bigint;
  status: string;
  paid_at: Date | null;
  recovered_at: Date | null;
};
export type Totals = { total: number; net_loss: bigint; own: bigint; carried_in: bigint; amount: bigint; paid: bigint };

/**
 * Settlements of periods overlapping the days, newest period first; `under` limits them to that
 * agent and its subtree (the closure table: nothing outside can appear).
 */
export async function listSettlements(sql: Sql, under: bigint | null, f: ListFilter) {
  const where = `WHERE ($2::date IS NULL OR p.to_day >= $2::date) AND ($3::date IS NULL OR p.from_day <= $3::date)
    AND ($1::bigint IS NULL OR EXISTS (SELECT 1 FROM user_tree t WHERE t.ancestor_id = $1 AND t.descendant_id = s.agent_id))`;
  const args = [under, f.from ?? null, f.to ?? null];
  const rows = await sql.query<ListedRow>(
    `SELECT s.id, s.period_id, to_char(p.from_day, 'YYYY-MM-DD') AS from_day, to_char(p.to_day, 'YYYY-MM-DD') AS to_day, s.agent_id,
            u.account, u.nickname, u.role, s.net_loss, s.rate, s.own, s.carried_in, s.amount, s.status, s.paid_at, s.recovered_at
       FROM losing_settlements s JOIN losing_periods p ON p.id = s.period_id JOIN users u ON u.id = s.agent_id
      ${where}
      ORDER BY p.to_day DESC, s.id
      LIMIT $4 OFFSET $5`,
    [...args, f.limit, f.skip],
    'losing_list',
  );
  const totals = await sql.query<Totals>(
    `SELECT count(*)::int AS total, COALESCE(sum(s.net_loss), 0)::bigint AS net_loss, COALESCE(sum(s.own), 0)::bigint AS own,
            COALESCE(sum(s.carried_in), 0)::bigint AS carried_in, COALESCE(sum(s.amount), 0)::bigint AS amount,
            COALESCE(sum(s.amount) FILTER (WHERE s.status = 'paid'), 0)::bigint AS paid
       FROM losing_settlements s JOIN losing_periods p ON p.id = s.period_id
      ${where}`,
    args,
    'losing_list_totals',
  );
  return { rows: rows.rows, totals: totals.rows[0] };
}

// ---- the initialisation job

export type InitJobRow = {
  id: bigint;
  status: 'running' | 'done';
  to_bet: bigint;
  done_bet: bigint;
  cancelled: number;
  baseline: number;
  started_at: Date;
  finished_at: Date | null;
};

export async function latestInitJob(sql: Sql) {
  return (await sql.query<InitJobRow>('SELECT * FROM losing_init_jobs ORDER BY id DESC LIMIT 1')).rows[0];
}

export async function runningInitJob(sql: Sql, lock = false) {
  return (await sql.query<InitJobRow>(`SELECT * FROM losing_init_jobs WHERE status = 'running' ${lock ? 'FOR UPDATE SKIP LOCKED' : ''}`)).rows[0];
}

/**
 * Starts a job: what was still to pay or carry is cancelled, the journal emptied (the baseline
 * reads every bet as it is now), and the job records the last bet it must read.
 */
export async function startInitJob(sql: Sql, by: bigint | null, at: Date) {
  const cancelled = await sql.query(
    `UPDATE losing_settlements SET status = 'cancelled' WHERE status = 'pending' OR (status = 'carried' AND carried_to IS NULL)`,
  );
  await sql.query('DELETE FROM losing_journal');
  const r = await sql.query<InitJobRow>(
    `INSERT INTO losing_init_jobs (status, to_bet, cancelled, started_by, started_at)
     VALUES ('running', (SELECT COALESCE(max(id), 0) FROM bets), $1, $2, $3) RETURNING *`,
    [cancelled.rowCount ?? 0, by, at],
  );
  return r.rows[0];
}

export async function advanceInitJob(sql: Sql, id: bigint, doneBet: bigint, baseline: number, at: Date, done: boolean) {
  const r = await sql.query<InitJobRow>(
    `UPDATE losing_init_jobs SET done_bet = $2, baseline = baseline + $3, status = $4, finished_at = $5 WHERE id = $1 RETURNING *`,
    [id, doneBet, baseline, done ? 'done' : 'running', done ? at : null],
  );
  return r.rows[0];
}
