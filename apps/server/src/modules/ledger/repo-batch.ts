import type { Sql } from '../../platform/db.ts';
import { renumber, type Part } from './repo.ts';

const texts = new Map<string, string>();

/**
 * Many balanced transactions in one statement (decision 012, fifth pass: group commit), one per
 * member (`owner_id`, the member whose account `owner_acc` the item reports). Each item's legs
 * (account, amount) are posted or skipped one by one, never failing the statement for one item's
 * sake: skipped when the guard says no for the member, when a leg would take an account that may
 * not go negative below zero (filtered, so the CHECK never fires) or when the key already exists
 * (ON CONFLICT). A skipped item wrote nothing; the caller sends it down the one-by-one path,
 * which answers replays and refusals exactly.
 *
 * Locks: the guard's rows first (it locks what it reads), then every account the items touch or
 * report (ascending id), as the one-by-one statement does. An account several items share (a
 * house shard) gets one update with their sum; each posting's before/after is its running
 * balance in item order.
 *
 * `done(i, tx_id, before, after)`: the posted items (`i`: the item's 1-based number in the
 * caller's list) with the owner account's balance before and after the item; `attached` reads it
 * and must RETURN `owner_id` (the member), which maps its rows back to the items.
 */
function batchText(attached: Part & { then?: Part }, guard: Part) {
  const then = attached.then;
  const chained = then ? `,\n     ${renumber(then.text, 14 + attached.params.length)}` : '';
  const guardAt = 14 + attached.params.length + (then?.params.length ?? 0);
  return `WITH guard AS MATERIALIZED (${renumber(guard.text, guardAt)}),
     items AS MATERIALIZED (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $7::text[], $8::bigint[], $9::bigint[], $10::int[])
         AS t(key, kind, reason_type, reason_id, memo, hash, owner_id, owner_acc, i)),
     legs_in AS MATERIALIZED (SELECT * FROM unnest($11::int[], $12::bigint[], $13::bigint[]) AS l(i, account_id, amount)),
     locked AS MATERIALIZED (
       SELECT id, balance, allow_negative FROM ledger_accounts
       WHERE id IN (SELECT account_id FROM legs_in UNION SELECT owner_acc FROM items) AND (SELECT count(*) FROM guard) >= 0
       ORDER BY id FOR UPDATE),
     ok AS MATERIALIZED (
       SELECT it.* FROM items it
       WHERE EXISTS (SELECT 1 FROM guard g WHERE g.user_id = it.owner_id AND g.ok)
         AND NOT EXISTS (SELECT 1 FROM legs_in l JOIN locked a ON a.id = l.account_id
           WHERE l.i = it.i AND l.amount < 0 AND NOT a.allow_negative AND a.balance + l.amount < 0)),
     tx AS (
       INSERT INTO ledger_transactions (idempotency_key, kind, reason_type, reason_id, memo, created_at, payload_hash)
       SELECT key, kind, reason_type, reason_id, memo, $6, hash FROM ok ORDER BY i
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key),
     went AS MATERIALIZED (SELECT ok.*, tx.id AS tx_id FROM ok JOIN tx ON tx.idempotency_key = ok.key),
     legs AS MATERIALIZED (
       SELECT l.i, w.tx_id, l.account_id, l.amount, sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.i) AS run
       FROM legs_in l JOIN went w ON w.i = l.i),
     moved AS (
       UPDATE ledger_accounts a SET balance = a.balance + d.total, version = a.version + 1
       FROM (SELECT account_id, sum(amount)::bigint AS total FROM legs GROUP BY account_id) d
       WHERE a.id = d.account_id
       RETURNING a.id, a.asset, a.balance - d.total AS base),
     posted AS (
       INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_before, balance_after, created_at)
       SELECT l.tx_id, l.account_id, m.asset, l.amount, m.base + l.run - l.amount, m.base + l.run, $6
       FROM legs l JOIN moved m ON m.id = l.account_id ORDER BY l.i, l.amount),
     done AS (
       SELECT w.i, w.tx_id, o.balance AS before,
         o.balance + coalesce((SELECT sum(l.amount) FROM legs l WHERE l.i = w.i AND l.account_id = w.owner_acc), 0)::bigint AS after
       FROM went w JOIN locked o ON o.id = w.owner_acc),
     attached AS (${renumber(attached.text, 14)})${chained}
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
  /** The owner's account `done` reports (one item per owner in a batch). */
  ownerAccountId: bigint;
  /** The item's postings, one per account, balanced per asset. */
  legs: { accountId: bigint; amount: bigint }[];
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
  const legs = items.flatMap((i) => i.legs.map((l) => ({ i: i.i, ...l })));
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
      col((i) => String(i.ownerAccountId)),
      col((i) => i.i),
      legs.map((l) => l.i),
      legs.map((l) => String(l.accountId)),
      legs.map((l) => String(l.amount)),
      ...attached.params,
      ...(then?.params ?? []),
      ...guard.params,
    ],
    name,
  );
  return r.rows;
}
