import type { Sql } from '../../platform/db.ts';

/** A settled bet of the member whose rolling has not been paid at this settlement. */
export type UnpaidBet = { bet_id: bigint; stage: number; game_type: string; bet_type: string; game: string; amount: bigint };
/** A payback that no longer stands: its settlement was re-entered, rolled back or cancelled. */
export type StalePayback = { bet_id: bigint; stage: number; amount: bigint };

/**
 * The member's settlements that earn rolling (won or lost, the valid bet of decision 027) and have
 * no payback row yet. A settlement is named for ever by (bet, settle_count), so one paid once is
 * never found again, and a bet settled anew after a re-entry is found at its new stage.
 */
export async function unpaidBets(sql: Sql, memberId: bigint) {
  return (
    await sql.query<UnpaidBet>(
      `SELECT b.id AS bet_id, b.settle_count AS stage, b.game_type, b.bet_type, b.game, b.amount
         FROM bets b
        WHERE b.user_id = $1 AND b.status IN ('won', 'lost')
          AND NOT EXISTS (SELECT 1 FROM rolling_paybacks p WHERE p.bet_id = b.id AND p.stage = b.settle_count)
        ORDER BY b.id`,
      [memberId],
    )
  ).rows;
}

/** Paybacks not collected whose settlement no longer stands. */
export async function stalePaybacks(sql: Sql, memberId: bigint) {
  return (
    await sql.query<StalePayback>(
      `SELECT p.bet_id, p.stage, p.amount
         FROM rolling_paybacks p JOIN bets b ON b.id = p.bet_id
        WHERE p.member_id = $1 AND p.collected_at IS NULL
          AND NOT (b.settle_count = p.stage AND b.status IN ('won', 'lost'))
        ORDER BY p.bet_id, p.stage`,
      [memberId],
    )
  ).rows;
}

export type NewPayback = { bet_id: bigint; stage: number; game_type: string; rate: bigint; base: bigint; amount: bigint };

/** Records the paybacks of one pay action (one statement, whatever their number). */
export async function insertPaybacks(sql: Sql, memberId: bigint, by: bigint, tx: bigint | null, at: Date, rows: NewPayback[]) {
  if (rows.length === 0) return;
  await sql.query(
    `INSERT INTO rolling_paybacks (bet_id, stage, member_id, game_type, rate, base, amount, paid_by, paid_tx, paid_at)
     SELECT bet_id, stage, $1, game_type, rate, base, amount, $2, $3, $4
       FROM unnest($5::bigint[], $6::int[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])
            AS t(bet_id, stage, game_type, rate, base, amount)`,
    [
      memberId,
      by,
      tx,
      at,
      rows.map((r) => String(r.bet_id)),
      rows.map((r) => r.stage),
      rows.map((r) => r.game_type),
      rows.map((r) => String(r.rate)),
      rows.map((r) => String(r.base)),
      rows.map((r) => String(r.amount)),
    ],
  );
}

/** Marks taken-back paybacks collected, by the transaction that took them back. */
export async function markCollected(sql: Sql, by: bigint, tx: bigint | null, at: Date, rows: StalePayback[]) {
  if (rows.length === 0) return;
  await sql.query(
    `UPDATE rolling_paybacks p SET collected_by = $1, collected_tx = $2, collected_at = $3
       FROM unnest($4::bigint[], $5::int[]) AS t(bet_id, stage)
      WHERE p.bet_id = t.bet_id AND p.stage = t.stage AND p.collected_at IS NULL`,
    [by, tx, at, rows.map((r) => String(r.bet_id)), rows.map((r) => r.stage)],
  );
}
