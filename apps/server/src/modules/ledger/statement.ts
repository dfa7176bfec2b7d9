import type { Sql } from '../../platform/db.ts';
import { compile, inSlot, valuesOf, type Compiled, type Params, type Part } from './parts.ts';

/**
 * The posting statement, the one owner of its text (decision 012). A posting is ONE statement
 * that locks, inserts the transaction, moves balances and writes postings; other modules' rows
 * ride in it as parts (parts.ts) placed in named slots:
 *
 * - `prior_guard`, `guard`: materialised first CTEs that lock business rows and say whether the
 *   posting may go (`ok`; in a batch `(user_id, ok)` per member). `guard` may read `prior_guard`
 *   (a caller's checks, then the bets'), so the caller's locks come first.
 * - `attached`: a row written from `done(tx_id, before, after)` — the new transaction and one
 *   account's balance before and after (in a batch `done(i, …)` per posted item).
 * - `then`: more CTEs reading `attached` (`a AS (…), b AS (…)`).
 *
 * Each slot's parameters live in their own namespace, so parts never collide with each other or
 * with the ledger's own parameters.
 */

export type Slots = { prior_guard?: Part; guard?: Part; attached?: Part; then?: Part };

const cache = new Map<string, Compiled>();

function statementName(base: string, slots: Slots) {
  let name = base;
  for (const k of ['attached', 'then', 'prior_guard', 'guard'] as const) if (slots[k]) name += `+${slots[k].name}`;
  return name;
}

function compiled(base: string, slots: Slots, build: () => string) {
  const name = statementName(base, slots);
  let c = cache.get(name);
  if (c === undefined) cache.set(name, (c = compile(name, build())));
  return c;
}

function guardCtes(slots: Slots) {
  const prior = slots.prior_guard ? `prior_guard AS MATERIALIZED (${inSlot('prior_guard', slots.prior_guard)}),\n     ` : '';
  return slots.guard ? `${prior}guard AS MATERIALIZED (${inSlot('guard', slots.guard)}),\n     ` : '';
}

/**
 * One transaction: lock the accounts in ascending id order (after the guard, which `locked`'s
 * InitPlan reads, so its locks come first), insert the transaction unless its key exists (the
 * unique key is the idempotency check), move each balance (the CHECK refuses a player below
 * zero), write the postings with before/after. `:report` is the account `done` describes: one
 * the posting moves, or any other (its balance as the statement reads it).
 */
function singleText(s: Slots) {
  const attached = s.attached
    ? `,
     done AS (
       SELECT tx.id AS tx_id, coalesce(moved.balance - moved.amount, r.balance) AS before, coalesce(moved.balance, r.balance) AS after
       FROM tx CROSS JOIN ledger_accounts r LEFT JOIN moved ON moved.id = r.id WHERE r.id = :report),
     attached AS (${inSlot('attached', s.attached)})${s.then ? `,\n     ${inSlot('then', s.then)}` : ''}`
    : '';
  return `WITH ${guardCtes(s)}locked AS (
       SELECT id FROM ledger_accounts WHERE id = ANY(:ids::bigint[])${s.guard ? ' AND (SELECT bool_and(ok) FROM guard)' : ''} ORDER BY id FOR UPDATE),
     tx AS (
       INSERT INTO ledger_transactions (idempotency_key, kind, reason_type, reason_id, memo, created_at, payload_hash)
       SELECT :key, :kind, :reason_type, :reason_id, :memo, :at, :hash FROM (SELECT count(*) AS n FROM locked) l WHERE l.n > 0
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id),
     moved AS (
       UPDATE ledger_accounts a SET balance = a.balance + m.amount, version = a.version + 1
       FROM unnest(:ids::bigint[], :amounts::bigint[]) AS m(id, amount)
       WHERE a.id = m.id AND a.id IN (SELECT id FROM locked) AND EXISTS (SELECT 1 FROM tx)
       RETURNING a.id, a.asset, m.amount, a.balance),
     posted AS (
       INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_before, balance_after, created_at)
       SELECT tx.id, moved.id, moved.asset, moved.amount, moved.balance - moved.amount, moved.balance, :at FROM tx, moved)${attached}
     SELECT ${s.attached ? 'attached.*, ' : ''}tx.id AS tx_id, moved.id, moved.balance FROM tx CROSS JOIN moved${s.attached ? ' LEFT JOIN attached ON true' : ''}`;
}

export type PostedRow = { tx_id: bigint; id: bigint; balance: bigint };

export type SinglePosting = {
  key: string;
  kind: string;
  reasonType: string | null;
  reasonId: string | null;
  memo: string | null;
  at: Date;
  hash: string;
  ids: bigint[];
  amounts: bigint[];
  /** The account `done` describes (only with an attached part). */
  report?: bigint;
};

/**
 * Posts one transaction in one statement. Returns one row per account moved (with the attached
 * row's columns), or none when the key was already used or the guard said no.
 */
export async function post(sql: Sql, t: SinglePosting, slots: Slots = {}) {
  const c = compiled('ledger_post', slots, () => singleText(slots));
  const own: Params = {
    key: t.key,
    kind: t.kind,
    reason_type: t.reasonType,
    reason_id: t.reasonId,
    memo: t.memo,
    at: t.at,
    hash: t.hash,
    ids: t.ids.map(String),
    amounts: t.amounts.map(String),
    report: t.report,
  };
  const r = await sql.query<PostedRow & Record<string, unknown>>(c.text, valuesOf(c, own, slots), c.name);
  return r.rows;
}

/**
 * Many balanced transactions in one statement (group commit), one per member (`owner_id`, whose
 * account `owner_acc` the item reports). Each item is posted or skipped on its own, never failing
 * the statement for one item's sake: skipped when the guard says no for its member, when a leg
 * would take an account that may not go negative below zero (filtered, so the CHECK never fires)
 * or when its key exists (ON CONFLICT). A skipped item wrote nothing; the caller sends it down
 * the one-by-one path, which answers replays and refusals exactly.
 *
 * Locks: the guard's rows first, then every account the items touch or report (ascending id). An
 * account several items share (a house shard) gets one update with their sum; each posting's
 * before/after is its running balance in item order. `done(i, tx_id, before, after)`: the posted
 * items (`i` the item's 1-based number) with the owner account's balance before and after;
 * `attached` reads it and must RETURN `owner_id`, which maps its rows back to the items.
 */
function batchText(s: Slots) {
  return `WITH ${guardCtes(s)}items AS MATERIALIZED (
       SELECT * FROM unnest(:keys::text[], :kinds::text[], :reason_types::text[], :reason_ids::text[], :memos::text[], :hashes::text[],
         :owners::bigint[], :owner_accs::bigint[], :items::int[])
         AS t(key, kind, reason_type, reason_id, memo, hash, owner_id, owner_acc, i)),
     legs_in AS MATERIALIZED (SELECT * FROM unnest(:leg_items::int[], :leg_accounts::bigint[], :leg_amounts::bigint[]) AS l(i, account_id, amount)),
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
       SELECT key, kind, reason_type, reason_id, memo, :at, hash FROM ok ORDER BY i
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
       SELECT l.tx_id, l.account_id, m.asset, l.amount, m.base + l.run - l.amount, m.base + l.run, :at
       FROM legs l JOIN moved m ON m.id = l.account_id ORDER BY l.i, l.amount),
     done AS (
       SELECT w.i, w.tx_id, o.balance AS before,
         o.balance + coalesce((SELECT sum(l.amount) FROM legs l WHERE l.i = w.i AND l.account_id = w.owner_acc), 0)::bigint AS after
       FROM went w JOIN locked o ON o.id = w.owner_acc),
     attached AS (${inSlot('attached', s.attached!)})${s.then ? `,\n     ${inSlot('then', s.then)}` : ''}
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
export async function postBatch(sql: Sql, at: Date, items: BatchItem[], slots: Slots & { attached: Part; guard: Part }) {
  const c = compiled('ledger_batch', slots, () => batchText(slots));
  const col = <T>(f: (i: BatchItem) => T) => items.map(f);
  const legs = items.flatMap((i) => i.legs.map((l) => ({ i: i.i, ...l })));
  const own: Params = {
    keys: col((i) => i.key),
    kinds: col((i) => i.kind),
    reason_types: col((i) => i.reasonType),
    reason_ids: col((i) => i.reasonId),
    memos: col((i) => i.memo),
    hashes: col((i) => i.hash),
    owners: col((i) => String(i.ownerId)),
    owner_accs: col((i) => String(i.ownerAccountId)),
    items: col((i) => i.i),
    leg_items: legs.map((l) => l.i),
    leg_accounts: legs.map((l) => String(l.accountId)),
    leg_amounts: legs.map((l) => String(l.amount)),
    at,
  };
  const r = await sql.query<Record<string, unknown> & { owner_id: bigint }>(c.text, valuesOf(c, own, slots), c.name);
  return r.rows;
}
