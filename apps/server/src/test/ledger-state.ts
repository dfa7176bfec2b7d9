import type { Sql } from '../platform/db.ts';

/**
 * The ledger's state as one string: how many postings were written and every account's balance.
 * Equal before and after a request means it moved no money (the fuzz suites' check for refusals).
 */
export async function ledgerState(sql: Sql) {
  const r = await sql.query<{ s: string }>(
    `SELECT (SELECT count(*) FROM ledger_postings)::text || '/' || (SELECT md5(coalesce(string_agg(id || '=' || balance, ',' ORDER BY id), '')) FROM ledger_accounts) AS s`,
  );
  return r.rows[0].s;
}
