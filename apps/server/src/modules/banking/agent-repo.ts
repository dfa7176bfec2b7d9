import type { Sql } from '../../platform/db.ts';
import type { BankRequestRow } from './repo.ts';

/** The SQL of the agent desk's lists (decision 032); the requests themselves are written by repo.ts. */

export type DeskFilter = { type: 'charge' | 'exchange'; from: Date; to: Date; status?: string; userId?: bigint; search?: string };
export type LowerBankRequestRow = BankRequestRow & { account: string; nickname: string; role: string; parent_account: string | null };

const totals = (r: { n: number; amount: bigint | null; approved: bigint | null }) => ({ total: r.n, amount: r.amount ?? 0n, approved: r.approved ?? 0n });

/** The agent's own requests of one type over the period, newest first, with the count and amount of the whole filter. */
export async function ownRequests(sql: Sql, userId: bigint, f: DeskFilter, skip: number, limit: number) {
  const where = `FROM bank_requests WHERE user_id = $1 AND type = $2 AND created_at >= $3 AND created_at < $4 AND ($5::text IS NULL OR status = $5)`;
  const params = [userId, f.type, f.from, f.to, f.status ?? null];
  const rows = (await sql.query<BankRequestRow>(`SELECT * ${where} ORDER BY id DESC OFFSET $6 LIMIT $7`, [...params, skip, limit])).rows;
  const sums = (
    await sql.query<{ n: number; amount: bigint | null; approved: bigint | null }>(
      `SELECT count(*)::int AS n, sum(amount)::bigint AS amount, sum(amount) FILTER (WHERE status IN ('approved','completed'))::bigint AS approved ${where}`,
      params,
    )
  ).rows[0];
  return { rows, ...totals(sums) };
}

/**
 * Requests of the accounts strictly below the agent (the closure table `user_tree`, decision 026:
 * one indexed join, whatever the depth), newest first. A guessed `userId` outside the subtree
 * simply matches nothing here; the route answers it with not_in_subtree before asking.
 */
export async function lowerRequests(sql: Sql, agentId: bigint, f: DeskFilter, skip: number, limit: number) {
  const where = `FROM bank_requests r
    JOIN user_tree ut ON ut.descendant_id = r.user_id AND ut.ancestor_id = $1 AND ut.depth >= 1
    JOIN users u ON u.id = r.user_id
    LEFT JOIN users p ON p.id = u.parent_id
    WHERE r.type = $2 AND r.created_at >= $3 AND r.created_at < $4 AND ($5::text IS NULL OR r.status = $5)
      AND ($6::bigint IS NULL OR r.user_id = $6)
      AND ($7::text IS NULL OR u.account ILIKE $7 OR u.nickname ILIKE $7)`;
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const params = [agentId, f.type, f.from, f.to, f.status ?? null, f.userId ?? null, like];
  const rows = (
    await sql.query<LowerBankRequestRow>(
      `SELECT r.*, u.account, u.nickname, u.role, p.account AS parent_account ${where}
       ORDER BY r.id DESC OFFSET $8 LIMIT $9`,
      [...params, skip, limit],
    )
  ).rows;
  const sums = (
    await sql.query<{ n: number; amount: bigint | null; approved: bigint | null }>(
      `SELECT count(*)::int AS n, sum(r.amount)::bigint AS amount, sum(r.amount) FILTER (WHERE r.status IN ('approved','completed'))::bigint AS approved ${where}`,
      params,
    )
  ).rows[0];
  return { rows, ...totals(sums) };
}

/** Accounts by id, for naming the trade report's rows. */
export async function accountsOf(sql: Sql, ids: bigint[]) {
  return (
    await sql.query<{ id: bigint; account: string; nickname: string; role: string }>(
      'SELECT id, account, nickname, role FROM users WHERE id = ANY($1::bigint[])',
      [ids.map(String)],
    )
  ).rows;
}
