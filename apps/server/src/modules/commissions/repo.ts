import type { Sql } from '../../platform/db.ts';
import { pathsToRoot } from '../agents/index.ts';

// The drain's transaction-scoped advisory lock: one drainer at a time across processes.
export const DRAIN_LOCK = 7274027;

export async function tryDrainLock(sql: Sql) {
  return (await sql.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [DRAIN_LOCK], 'commission_drain_lock')).rows[0].got;
}

export type OutboxRow = {
  id: bigint;
  bet_id: bigint;
  stage: number;
  kind: 'accrue' | 'reverse';
  user_id: bigint;
  game_type: string;
  bet_type: string;
  game: string;
  amount: bigint;
  status: string;
  at: Date;
  /** The settlement's result and payout (a reverse row: those it undoes) and the bet's placement (migration 025). */
  result: string | null;
  win: bigint;
  placed_at: Date | null;
};

/**
 * Takes (deletes) the oldest outbox rows, in id order. No cursor: a row whose transaction commits
 * late is simply still there for the next batch (decision 027); a rollback puts them all back.
 */
export async function takeOutbox(sql: Sql, limit: number) {
  const rows = (
    await sql.query<OutboxRow>(
      // The bets behind the rows also go to the losing journal (decision 031), in this statement.
      `WITH d AS (DELETE FROM bet_outbox WHERE id IN (SELECT id FROM bet_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING *),
       j AS (INSERT INTO losing_journal (bet_id, at) SELECT bet_id, at FROM d)
       SELECT * FROM d`,
      [limit],
      'commission_take_outbox',
    )
  ).rows;
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export type PathRow = { member_id: bigint; agent_id: bigint; depth: number; rolling_json: Record<string, number | string> };

/**
 * Every member's agents, from its direct agent (depth 1) up to the top, with their rolling rates:
 * one lookup in the closure table, through the agents module's door (it owns user_tree).
 */
export async function pathsOf(sql: Sql, memberIds: bigint[]): Promise<PathRow[]> {
  const rows = await pathsToRoot(sql, memberIds);
  return rows.map((r) => ({ member_id: r.user_id, agent_id: r.ancestor_id, depth: r.depth, rolling_json: r.rolling_json }));
}

export type NewAccrual = {
  betId: bigint;
  stage: number;
  agentId: bigint;
  memberId: bigint;
  gameType: string;
  base: bigint;
  rate: bigint;
  amount: bigint;
  decimals: number;
};

export type AccrualRow = { id: bigint; agent_id: bigint; amount: bigint; bet_id: bigint; member_id: bigint; game_type: string };

/** Writes accruals; only the rows returned are new (the unique (bet, stage, agent) key is the proof of once). */
export async function insertAccruals(sql: Sql, rows: NewAccrual[], at: Date) {
  if (rows.length === 0) return [];
  const col = <T>(f: (r: NewAccrual) => T) => rows.map(f);
  return (
    await sql.query<AccrualRow>(
      `INSERT INTO commission_accruals (bet_id, stage, agent_id, member_id, game_type, base, rate, amount, decimals, accrued_at)
       SELECT * , $10::timestamptz FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[], $7::bigint[],
         $8::bigint[], $9::smallint[])
       ON CONFLICT (bet_id, stage, agent_id) DO NOTHING
       RETURNING id, agent_id, amount, bet_id, member_id, game_type`,
      [
        col((r) => String(r.betId)),
        col((r) => r.stage),
        col((r) => String(r.agentId)),
        col((r) => String(r.memberId)),
        col((r) => r.gameType),
        col((r) => String(r.base)),
        col((r) => String(r.rate)),
        col((r) => String(r.amount)),
        col((r) => r.decimals),
        at,
      ],
      'commission_insert_accruals',
    )
  ).rows;
}

/** Marks the accruals of these (bet, stage) pairs reversed, each once; returns the parts to undo. */
export async function reverseAccruals(sql: Sql, keys: { betId: bigint; stage: number }[], at: Date) {
  if (keys.length === 0) return [];
  return (
    await sql.query<AccrualRow>(
      `UPDATE commission_accruals c SET reversed_at = $3
       FROM unnest($1::bigint[], $2::int[]) AS k(bet_id, stage)
       WHERE c.bet_id = k.bet_id AND c.stage = k.stage AND c.reversed_at IS NULL
       RETURNING c.id, c.agent_id, c.amount, c.bet_id, c.member_id, c.game_type`,
      [keys.map((k) => String(k.betId)), keys.map((k) => k.stage), at],
      'commission_reverse_accruals',
    )
  ).rows;
}

/** Records the batch's ledger transaction on what it paid and what it took back (with any write-off). */
export async function recordPosting(sql: Sql, tx: bigint, paid: bigint[], reversed: { id: bigint; writtenOff: bigint }[]) {
  if (paid.length)
    await sql.query('UPDATE commission_accruals SET ledger_tx = $2 WHERE id = ANY($1::bigint[])', [paid.map(String), tx], 'commission_mark_paid');
  if (reversed.length)
    await sql.query(
      `UPDATE commission_accruals c SET reversed_by = $3, written_off = r.off FROM unnest($1::bigint[], $2::bigint[]) AS r(id, off) WHERE c.id = r.id`,
      [reversed.map((r) => String(r.id)), reversed.map((r) => String(r.writtenOff)), tx],
      'commission_mark_reversed',
    );
}
