import type { Sql } from '../../platform/db.ts';

export type LockedAccount = { id: bigint; balance: bigint; allow_negative: boolean; asset: string };

export async function findUserAccount(sql: Sql, userId: bigint, asset: string) {
  const r = await sql.query<{ id: bigint }>(
    `SELECT id FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $1 AND asset = $2`,
    [userId, asset],
  );
  return r.rows[0]?.id;
}

export async function insertUserAccount(sql: Sql, userId: bigint, asset: string) {
  await sql.query(
    `INSERT INTO ledger_accounts (owner_type, owner_id, asset) VALUES ('user', $1, $2)
     ON CONFLICT (owner_id, asset) WHERE owner_type = 'user' DO NOTHING`,
    [userId, asset],
  );
}

export async function findHouseAccount(sql: Sql, code: string, asset: string) {
  const r = await sql.query<{ id: bigint }>(
    `SELECT id FROM ledger_accounts WHERE owner_type = 'house' AND code = $1 AND asset = $2`,
    [code, asset],
  );
  return r.rows[0]?.id;
}

export async function insertHouseAccount(sql: Sql, code: string, asset: string) {
  await sql.query(
    `INSERT INTO ledger_accounts (owner_type, code, asset, allow_negative) VALUES ('house', $1, $2, true)
     ON CONFLICT (code, asset) WHERE owner_type = 'house' DO NOTHING`,
    [code, asset],
  );
}

/** Locks in ascending id order: every writer takes locks in the same order, so no deadlock. */
export async function lockAccounts(sql: Sql, ids: bigint[]) {
  const r = await sql.query<LockedAccount>(
    `SELECT id, balance, allow_negative, asset FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids.map(String)],
  );
  return r.rows;
}

export async function findTransactionByKey(sql: Sql, key: string) {
  const r = await sql.query<{ id: bigint; kind: string }>(
    `SELECT id, kind FROM ledger_transactions WHERE idempotency_key = $1`,
    [key],
  );
  return r.rows[0];
}

export async function insertTransaction(
  sql: Sql,
  t: { key: string; kind: string; reasonType?: string; reasonId?: string; memo?: string; at: Date },
) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO ledger_transactions (idempotency_key, kind, reason_type, reason_id, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [t.key, t.kind, t.reasonType ?? null, t.reasonId ?? null, t.memo ?? null, t.at],
  );
  return r.rows[0].id;
}

export async function insertPostings(
  sql: Sql,
  txId: bigint,
  at: Date,
  rows: { accountId: bigint; asset: string; amount: bigint; before: bigint; after: bigint }[],
) {
  const values: unknown[] = [];
  const tuples = rows.map((p, i) => {
    values.push(txId, p.accountId, p.asset, p.amount, p.before, p.after, at);
    const b = i * 7;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
  });
  await sql.query(
    `INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_before, balance_after, created_at)
     VALUES ${tuples.join(', ')}`,
    values,
  );
}

export async function setBalance(sql: Sql, id: bigint, balance: bigint) {
  await sql.query(`UPDATE ledger_accounts SET balance = $2, version = version + 1 WHERE id = $1`, [id, balance]);
}

export async function userBalances(sql: Sql, userId: bigint) {
  const r = await sql.query<{ asset: string; balance: bigint }>(
    `SELECT asset, balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $1`,
    [userId],
  );
  return r.rows;
}

export async function sumUserBalances(sql: Sql, asset: string) {
  const r = await sql.query<{ total: bigint | null }>(
    `SELECT sum(balance)::bigint AS total FROM ledger_accounts WHERE owner_type = 'user' AND asset = $1`,
    [asset],
  );
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
  return (
    await sql.query<{ id: bigint; balance: bigint }>(
      `SELECT id, balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT 100`,
    )
  ).rows;
}

export async function brokenPostings(sql: Sql) {
  return (
    await sql.query<{ id: bigint }>(
      `SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE p.balance_after <> p.balance_before + p.amount OR p.asset <> a.asset LIMIT 100`,
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

export async function userPostings(sql: Sql, userId: bigint, asset: string, from: Date, to: Date, skip: number, limit: number) {
  const where = `FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_type = 'user' AND a.owner_id = $1 AND a.asset = $2 AND p.created_at >= $3 AND p.created_at < $4`;
  const rows = (
    await sql.query<{ id: bigint; amount: bigint; balance_before: bigint; balance_after: bigint; kind: string; memo: string | null; created_at: Date }>(
      `SELECT p.id, p.amount, p.balance_before, p.balance_after, t.kind, t.memo, p.created_at ${where} ORDER BY p.id DESC OFFSET $5 LIMIT $6`,
      [userId, asset, from, to, skip, limit],
    )
  ).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, [userId, asset, from, to])).rows[0].n;
  return { rows, total };
}
