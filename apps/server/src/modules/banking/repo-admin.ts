import type { Sql } from '../../platform/db.ts';
import type { ConversionRow } from './repo.ts';

export type AdminConversionRow = ConversionRow & { account: string; nickname: string };

/**
 * Every member's conversions of some kinds in a period (the admin's money, point and egg
 * histories), newest first, with the filter's count and sum. A member's own "clear history"
 * hides rows from the member only: the admin still sees them.
 */
export async function adminConversions(
  sql: Sql,
  f: { kinds: readonly string[]; from: Date; to: Date; account?: string; agentAccount?: string },
  skip: number,
  limit: number,
) {
  const where = `WHERE c.created_at >= $1 AND c.created_at < $2 AND c.kind = ANY($3::text[])
    AND ($4::text IS NULL OR c.user_id = (SELECT id FROM users WHERE account = $4))
    AND ($5::text IS NULL OR c.user_id IN (SELECT descendant_id FROM user_tree
      WHERE ancestor_id = (SELECT id FROM users WHERE account = $5) AND depth > 0))`;
  const params = [f.from, f.to, [...f.kinds], f.account ?? null, f.agentAccount ?? null];
  const rows = (
    await sql.query<AdminConversionRow>(
      `SELECT c.*, u.account, u.nickname FROM (SELECT c.* FROM conversions c ${where} ORDER BY c.created_at DESC, c.id DESC OFFSET $6 LIMIT $7) c
       JOIN users u ON u.id = c.user_id ORDER BY c.created_at DESC, c.id DESC`,
      [...params, skip, limit],
    )
  ).rows;
  const sum = (
    await sql.query<{ n: number; amount: bigint | null }>(`SELECT count(*)::int AS n, sum(c.amount)::bigint AS amount FROM conversions c ${where}`, params)
  ).rows[0];
  return { rows, total: sum.n, amount: sum.amount ?? 0n };
}
