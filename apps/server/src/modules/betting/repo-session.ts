import type { Sql } from '../../platform/db.ts';

/**
 * A member's bets settled since a moment, summed (the reality check's net result, decision 058):
 * stakes and payouts of won and lost bets; a draw, void or cancelled bet gave its stake back and
 * counts in neither. Read only when a check is shown, off the betting path.
 */
export async function settledSince(sql: Sql, userId: bigint, since: Date) {
  const r = await sql.query<{ stakes: bigint | null; payouts: bigint | null }>(
    `SELECT sum(amount)::bigint AS stakes, sum(win_amount)::bigint AS payouts
       FROM bets WHERE user_id = $1 AND settled_at >= $2 AND status IN ('won', 'lost')`,
    [userId, since],
  );
  return { stakes: r.rows[0]?.stakes ?? 0n, payouts: r.rows[0]?.payouts ?? 0n };
}
