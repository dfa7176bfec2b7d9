import type { Sql } from '../../platform/db.ts';
import { renumber, type Part } from './repo.ts';

const texts = new Map<string, string>();

/**
 * Many two-leg transfers in one statement (decision 012, fifth pass: group commit). Each item
 * moves `amount` from a member's account (`from`, one item per account) to a house account.
 * Items are posted or skipped one by one, never failing the statement for one item's sake:
 * skipped when the guard says no for the member, when the account cannot pay (filtered, so the
 * CHECK never fires) or when the key already exists (ON CONFLICT). A skipped item wrote nothing;
 * the caller sends it down the one-by-one path, which answers replays and refusals exactly.
 *
 * Locks: the guard's members (ascending id), then every account touched (ascending id), as the
 * one-by-one statement does. A house account several items share gets one update with their
 * sum; each posting's before/after is its running balance in item order.
 *
 * `done(i, tx_id, before, after)`: the posted items (`i`: the item's 1-based number in the caller's list) with the member
 * account's balance before and after; `attached` reads it and must RETURN `owner_id` (the
 * member), which maps its rows back to the items.
 */
function batchText(attached: Part & { then?: Part }, guard: Part) {
  const then = attached.then;
  const chained = then ? `,\n     ${renumber(then.text, 13 + attached.params.length)}` : '';
  const guardAt = 13 + attached.params.length + (then?.params.length ?? 0);
  return `WITH guard AS MATERIALIZED (${renumber(guard.text, guardAt)}),
     items AS MATERIALIZED (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::int[])
         AS t(key, kind, reason_type, reason_id, memo, hash, owner_id, from_id, to_id, amount, i)),
     locked AS MATERIALIZED (
       SELECT id, balance, allow_negative FROM ledger_accounts
       WHERE id IN (SELECT from_id FROM items UNION SELECT to_id FROM items) AND (SELECT count(*) FROM guard) >= 0
       ORDER BY id FOR UPDATE),
     ok AS MATERIALIZED (
       SELECT it.* FROM items it JOIN locked f ON f.id = it.from_id
       WHERE (f.allow_negative OR f.balance >= it.amount) AND EXISTS (SELECT 1 FROM guard g WHERE g.user_id = it.owner_id AND g.ok)),
     tx AS (
       INSERT INTO ledger_transactions (idempotency_key, kind, reason_type, reason_id, memo, created_at, payload_hash)
       SELECT key, kind, reason_type, reason_id, memo, $6, hash FROM ok ORDER BY i
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key),
     went AS MATERIALIZED (SELECT ok.*, tx.id AS tx_id FROM ok JOIN tx ON tx.idempotency_key = ok.key),
     legs AS MATERIALIZED (
       SELECT l.*, sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.i) AS run
       FROM (SELECT i, tx_id, from_id AS account_id, -amount AS amount FROM went
             UNION ALL SELECT i, tx_id, to_id, amount FROM went) l),
     moved AS (
       UPDATE ledger_accounts a SET balance = a.balance + d.total, version = a.version + 1
       FROM (SELECT account_id, sum(amount)::bigint AS total FROM legs GROUP BY account_id) d
       WHERE a.id = d.account_id
       RETURNING a.id, a.asset, a.balance - d.total AS base),
     posted AS (
       INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_before, balance_after, created_at)
       SELECT l.tx_id, l.account_id, m.asset, l.amount, m.base + l.run - l.amount, m.base + l.run, $6
       FROM legs l JOIN moved m ON m.id = l.account_id ORDER BY l.i, l.amount),
     done AS (SELECT w.i, w.tx_id, f.balance AS before, f.balance - w.amount AS after FROM went w JOIN locked f ON f.id = w.from_id),
     attached AS (${renumber(attached.text, 13)})${chained}
     SELECT attached.* FROM attached`;
}

export type BatchItem = {
  key: string;
  kind: string;
  reasonType: string | null;
  reasonId: string | null;
  memo: string | null;
  hash: string;
  ownerId: bigint;
  fromId: bigint;
  toId: bigint;
  amount: bigint;
  /** The item's number in the caller's list (1-based): `done.i`, the index into the attached row's arrays. */
  i: number;
};

/** Posts the items that can go (see batchText); answers `attached`'s rows, one per posted item. */
export async function postBatch(sql: Sql, at: Date, items: BatchItem[], attached: Part & { then?: Part }, guard: Part) {
  const then = attached.then;
  const name = `ledger_batch+${attached.name}${then ? `+${then.name}` : ''}+${guard.name}`;
  let text = texts.get(name);
  if (text === undefined) texts.set(name, (text = batchText(attached, guard)));
  const col = <T>(f: (i: BatchItem) => T) => items.map(f);
  const r = await sql.query<Record<string, unknown> & { owner_id: bigint }>(
    text,
    [
      col((i) => i.key),
      col((i) => i.kind),
      col((i) => i.reasonType),
      col((i) => i.reasonId),
      col((i) => i.memo),
      at,
      col((i) => i.hash),
      col((i) => String(i.ownerId)),
      col((i) => String(i.fromId)),
      col((i) => String(i.toId)),
      col((i) => String(i.amount)),
      col((i) => i.i),
      ...attached.params,
      ...(then?.params ?? []),
      ...guard.params,
    ],
    name,
  );
  return r.rows;
}
