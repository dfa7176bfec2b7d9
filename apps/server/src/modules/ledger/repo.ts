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

export type PostedRow = { tx_id: bigint; id: bigint; balance: bigint };

/** A statement fragment a caller hands the ledger (attached row, chained CTEs, guard). */
export type Part = { name: string; text: string; params: unknown[] };
const texts = new Map<string, string>();

/** A fragment's own parameters ($1, $2 …) renumbered to follow the statement's (from `$from` on). */
export const renumber = (text: string, from: number) => text.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + from - 1}`);

function postText(attached: (Part & { then?: Part }) | undefined, guard: Part | undefined) {
  const then = attached?.then;
  // An attached row (decision 012) is one more CTE of this statement: `done` gives it the
  // transaction id and one account's balance before/after; its own parameters follow ours, and
  // the chained CTEs' (reading `attached`) follow its.
  const chained = attached && then ? `,\n     ${renumber(then.text, 11 + attached.params.length)}` : '';
  const extra = attached
    ? `,
     done AS (SELECT tx.id AS tx_id, moved.balance - moved.amount AS before, moved.balance AS after FROM tx, moved WHERE moved.id = $10),
     attached AS (${renumber(attached.text, 11)})${chained}`
    : '';
  // A guard (decision 012, third pass) is a first CTE that locks a business row and says whether
  // the posting may go ahead (`ok`); when it says no, nothing is written and no row returns.
  // Materialised and read by `locked`'s InitPlan, so its lock is taken before the accounts'.
  const guardAt = 10 + (attached ? 1 + attached.params.length + (then?.params.length ?? 0) : 0);
  const guardCte = guard
    ? `guard AS MATERIALIZED (${renumber(guard.text, guardAt)}),
     `
    : '';
  const guardOk = guard ? ' AND (SELECT bool_and(ok) FROM guard)' : '';
  return `WITH ${guardCte}locked AS (
       SELECT id FROM ledger_accounts WHERE id = ANY($7::bigint[])${guardOk} ORDER BY id FOR UPDATE),
     tx AS (
       INSERT INTO ledger_transactions (idempotency_key, kind, reason_type, reason_id, memo, created_at, payload_hash)
       SELECT $1, $2, $3, $4, $5, $6, $9 FROM (SELECT count(*) AS n FROM locked) l WHERE l.n > 0
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id),
     moved AS (
       UPDATE ledger_accounts a SET balance = a.balance + m.amount, version = a.version + 1
       FROM unnest($7::bigint[], $8::bigint[]) AS m(id, amount)
       WHERE a.id = m.id AND a.id IN (SELECT id FROM locked) AND EXISTS (SELECT 1 FROM tx)
       RETURNING a.id, a.asset, m.amount, a.balance),
     posted AS (
       INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_before, balance_after, created_at)
       SELECT tx.id, moved.id, moved.asset, moved.amount, moved.balance - moved.amount, moved.balance, $6 FROM tx, moved)${extra}
     SELECT ${attached ? 'attached.*, ' : ''}tx.id AS tx_id, moved.id, moved.balance FROM tx CROSS JOIN moved${attached ? ' LEFT JOIN attached ON true' : ''}`;
}

/**
 * One posting in one statement: lock the accounts in ascending id order, insert the
 * transaction unless its key exists (the unique key is the idempotency check), move each
 * balance by its amount (the CHECK refuses a player below zero), write the postings with
 * before/after. Returns one row per account, or none when the key was already used.
 */
export async function post(
  sql: Sql,
  t: {
    key: string;
    kind: string;
    reasonType: string | null;
    reasonId: string | null;
    memo: string | null;
    at: Date;
    hash: string;
    ids: bigint[];
    amounts: bigint[];
  },
  attached?: Part & { accountId: bigint; then?: Part },
  guard?: Part,
) {
  const then = attached?.then;
  const name = `ledger_post${attached ? `+${attached.name}` : ''}${then ? `+${then.name}` : ''}${guard ? `+${guard.name}` : ''}`;
  // The text depends only on the parts' templates, which their names stand for (a named prepared
  // statement must keep its text anyway): built once, not re-numbered with regexes on every bet.
  const shape = `${name}:${attached?.params.length}:${then?.params.length}`;
  let text = texts.get(shape);
  if (text === undefined) texts.set(shape, (text = postText(attached, guard)));
  const r = await sql.query<PostedRow & Record<string, unknown>>(
    text,
    [
      t.key,
      t.kind,
      t.reasonType,
      t.reasonId,
      t.memo,
      t.at,
      t.ids.map(String),
      t.amounts.map(String),
      t.hash,
      ...(attached ? [attached.accountId, ...attached.params, ...(then?.params ?? [])] : []),
      ...(guard ? guard.params : []),
    ],
    name,
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

export async function lockUserBalances(sql: Sql, userIds: bigint[], asset: string) {
  return (
    await sql.query<{ owner_id: bigint; balance: bigint }>(
      `SELECT owner_id, balance FROM ledger_accounts WHERE owner_type = 'user' AND asset = $2 AND owner_id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [userIds.map(String), asset],
    )
  ).rows;
}
