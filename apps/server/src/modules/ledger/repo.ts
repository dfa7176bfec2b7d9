import type { Sql } from '../../platform/db.ts';

export type AccountRow = { id: bigint; owner_id: bigint | null; code: string; asset: string; shard: number };

/**
 * Opens (if missing) every asset account of these players and returns their ids. Rows another
 * transaction was inserting at the same moment are not in this statement's snapshot; the
 * caller reads those with `findAccounts`.
 */
export async function openUserAccounts(sql: Sql, userIds: bigint[], assets: readonly string[]) {
  const r = await sql.query<AccountRow>(
    `WITH ins AS (
       INSERT INTO ledger_accounts (owner_type, owner_id, asset)
       SELECT 'user', u, a FROM unnest($1::bigint[]) u CROSS JOIN unnest($2::text[]) a
       ON CONFLICT (owner_id, asset) WHERE owner_type = 'user' DO NOTHING
       RETURNING id, owner_id, code, asset, shard)
     SELECT * FROM ins
     UNION ALL
     SELECT id, owner_id, code, asset, shard FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = ANY($1::bigint[])`,
    [userIds.map(String), assets],
  );
  return r.rows;
}

/** Opens (if missing) every shard of these house accounts and returns their ids. */
export async function openHouseAccounts(sql: Sql, codes: string[], assets: string[], shards: number) {
  const r = await sql.query<AccountRow>(
    `WITH want AS (SELECT c, a FROM unnest($1::text[], $2::text[]) AS w(c, a)),
     ins AS (
       INSERT INTO ledger_accounts (owner_type, code, asset, shard, allow_negative)
       SELECT 'house', c, a, g, true FROM want CROSS JOIN generate_series(0, $3::int - 1) g
       ON CONFLICT (code, asset, shard) WHERE owner_type = 'house' DO NOTHING
       RETURNING id, owner_id, code, asset, shard)
     SELECT * FROM ins
     UNION ALL
     SELECT l.id, l.owner_id, l.code, l.asset, l.shard FROM ledger_accounts l JOIN want ON l.code = want.c AND l.asset = want.a
     WHERE l.owner_type = 'house'`,
    [codes, assets, shards],
  );
  return r.rows;
}

/** A fresh read (new snapshot) of accounts: user ids or house codes. */
export async function findAccounts(sql: Sql, userIds: bigint[], codes: string[]) {
  const r = await sql.query<AccountRow>(
    `SELECT id, owner_id, code, asset, shard FROM ledger_accounts
     WHERE (owner_type = 'user' AND owner_id = ANY($1::bigint[])) OR (owner_type = 'house' AND code = ANY($2::text[]))`,
    [userIds.map(String), codes],
  );
  return r.rows;
}

/** The transaction a key already names, with the current balances of the given accounts. */
export async function findReplay(sql: Sql, key: string, ids: bigint[]) {
  const r = await sql.query<{ tx_id: bigint; payload_hash: string | null; id: bigint | null; balance: bigint | null }>(
    `SELECT t.id AS tx_id, t.payload_hash, a.id, a.balance FROM ledger_transactions t
     LEFT JOIN ledger_accounts a ON a.id = ANY($2::bigint[])
     WHERE t.idempotency_key = $1`,
    [key, ids.map(String)],
    'ledger_replay',
  );
  return r.rows;
}

export async function userBalances(sql: Sql, userId: bigint) {
  const r = await sql.query<{ asset: string; balance: bigint }>(
    `SELECT asset, balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $1`,
    [userId],
    'ledger_user_balances',
  );
  return r.rows;
}

export async function sumUserBalances(sql: Sql, asset: string) {
  const r = await sql.query<{ total: bigint | null }>(`SELECT sum(balance)::bigint AS total FROM ledger_accounts WHERE owner_type = 'user' AND asset = $1`, [
    asset,
  ]);
  return r.rows[0]?.total ?? 0n;
}

// ---- invariant checks (ledger:verify)

export async function unbalancedTransactions(sql: Sql) {
  return (
    await sql.query<{ transaction_id: bigint; asset: string; total: bigint }>(
      `SELECT transaction_id, asset, sum(amount)::bigint AS total FROM ledger_postings
       GROUP BY transaction_id, asset HAVING sum(amount) <> 0 LIMIT 100`,
    )
  ).rows;
}

export async function balancesNotMatchingPostings(sql: Sql) {
  return (
    await sql.query<{ id: bigint; balance: bigint; postings: bigint }>(
      `SELECT a.id, a.balance, coalesce(sum(p.amount), 0)::bigint AS postings
       FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
       GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(p.amount), 0) LIMIT 100`,
    )
  ).rows;
}

export async function negativeBalances(sql: Sql) {
  return (await sql.query<{ id: bigint; balance: bigint }>(`SELECT id, balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT 100`)).rows;
}

export async function brokenPostings(sql: Sql) {
  return (
    await sql.query<{ id: bigint }>(
      `SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE p.balance_after <> p.balance_before + p.amount OR p.asset <> a.asset LIMIT 100`,
    )
  ).rows;
}

/** Per asset, every account together: double entry keeps this at zero. */
export async function nonZeroAssetTotals(sql: Sql) {
  return (
    await sql.query<{ asset: string; total: bigint }>(
      `SELECT asset, sum(balance)::bigint AS total FROM ledger_accounts GROUP BY asset HAVING sum(balance) <> 0`,
    )
  ).rows;
}

/** House shards out of range or not allowed negative; player accounts with a shard. */
export async function badShards(sql: Sql, shards: number) {
  return (
    await sql.query<{ id: bigint; code: string; asset: string; shard: number }>(
      `SELECT id, code, asset, shard FROM ledger_accounts
       WHERE (owner_type = 'house' AND (shard >= $1 OR NOT allow_negative)) OR (owner_type = 'user' AND shard <> 0)
       LIMIT 100`,
      [shards],
    )
  ).rows;
}

/** House balance per account code and asset: the sum of its shards. */
export async function houseBalances(sql: Sql) {
  return (
    await sql.query<{ code: string; asset: string; balance: bigint; shards: number }>(
      `SELECT code, asset, sum(balance)::bigint AS balance, count(*)::int AS shards FROM ledger_accounts
       WHERE owner_type = 'house' GROUP BY code, asset ORDER BY code, asset`,
    )
  ).rows;
}

export async function emptyTransactions(sql: Sql) {
  return (
    await sql.query<{ id: bigint }>(
      `SELECT t.id FROM ledger_transactions t
       WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id) LIMIT 100`,
    )
  ).rows;
}

export async function userPostings(sql: Sql, userId: bigint, asset: string, from: Date, to: Date, skip: number, limit: number, kinds?: string[]) {
  const where = `FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_type = 'user' AND a.owner_id = $1 AND a.asset = $2 AND p.created_at >= $3 AND p.created_at < $4
      AND ($5::text[] IS NULL OR t.kind LIKE ANY($5::text[]))`;
  const params = [userId, asset, from, to, kinds && kinds.length ? kinds : null];
  const rows = (
    await sql.query<{ id: bigint; amount: bigint; balance_before: bigint; balance_after: bigint; kind: string; memo: string | null; created_at: Date }>(
      `SELECT p.id, p.amount, p.balance_before, p.balance_after, t.kind, t.memo, p.created_at ${where} ORDER BY p.id DESC OFFSET $6 LIMIT $7`,
      [...params, skip, limit],
    )
  ).rows;
  // The count and the period's money in and out, over every matching posting (not only this page).
  const sums = (
    await sql.query<{ n: number; credit: bigint | null; debit: bigint | null }>(
      `SELECT count(*)::int AS n, sum(p.amount) FILTER (WHERE p.amount > 0)::bigint AS credit, (-sum(p.amount) FILTER (WHERE p.amount < 0))::bigint AS debit ${where}`,
      params,
    )
  ).rows[0];
  return { rows, total: sums.n, credit: sums.credit ?? 0n, debit: sums.debit ?? 0n };
}

/**
 * What moved between one member and each other member it shared a transaction with, per the other
 * member, kind and asset, over the period (the agent's trade report: grants, reclaims, casino
 * pay-in/out with its downline). `amount` is the sum of the other member's postings: positive when
 * it received. Only transactions of `kinds`, in which `userId` itself has a posting.
 */
export async function counterpartTotals(sql: Sql, userId: bigint, kinds: string[], from: Date, to: Date) {
  return (
    await sql.query<{ user_id: bigint; kind: string; asset: string; amount: bigint; n: number }>(
      `SELECT o.owner_id AS user_id, t.kind, o.asset, sum(q.amount)::bigint AS amount, count(*)::int AS n
       FROM ledger_postings p
       JOIN ledger_accounts a ON a.id = p.account_id
       JOIN ledger_transactions t ON t.id = p.transaction_id
       JOIN ledger_postings q ON q.transaction_id = p.transaction_id AND q.account_id <> p.account_id
       JOIN ledger_accounts o ON o.id = q.account_id
       WHERE a.owner_type = 'user' AND a.owner_id = $1 AND p.created_at >= $3 AND p.created_at < $4 AND t.kind = ANY($2::text[])
         AND o.owner_type = 'user' AND o.owner_id <> $1
       GROUP BY o.owner_id, t.kind, o.asset`,
      [userId, kinds, from, to],
    )
  ).rows;
}

export async function lockUserBalances(sql: Sql, userIds: bigint[], asset: string) {
  return (
    await sql.query<{ owner_id: bigint; balance: bigint }>(
      `SELECT owner_id, balance FROM ledger_accounts WHERE owner_type = 'user' AND asset = $2 AND owner_id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [userIds.map(String), asset],
    )
  ).rows;
}

/**
 * One member posting per reference, in the order asked: the member's posting of `asset` in the
 * transaction named by id (`txId`) or, without one, by idempotency key (`key`); null where that
 * transaction did not move the member's account (one posting per account and transaction).
 */
export async function memberPostings(sql: Sql, asset: string, refs: { userId: bigint; txId: bigint | null; key: string | null }[]) {
  if (refs.length === 0) return [];
  const r = await sql.query<{ i: string; balance_before: bigint; balance_after: bigint }>(
    `SELECT x.i::text AS i, p.balance_before, p.balance_after
     FROM unnest($1::bigint[], $2::bigint[], $3::text[]) WITH ORDINALITY AS x(user_id, tx_id, key, i)
     JOIN ledger_accounts a ON a.owner_type = 'user' AND a.owner_id = x.user_id AND a.asset = $4
     JOIN ledger_postings p ON p.account_id = a.id
       AND p.transaction_id = coalesce(x.tx_id, (SELECT t.id FROM ledger_transactions t WHERE t.idempotency_key = x.key))`,
    [refs.map((x) => String(x.userId)), refs.map((x) => (x.txId === null ? null : String(x.txId))), refs.map((x) => x.key), asset],
    'ledger_member_postings',
  );
  const found = new Map(r.rows.map((x) => [Number(x.i), { before: x.balance_before, after: x.balance_after }]));
  return refs.map((_, k) => found.get(k + 1) ?? null);
}
