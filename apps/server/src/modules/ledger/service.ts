import { hash } from 'node:crypto';
import { afterCommit, atomically, homeOf, inTransaction, type Sql } from '../../platform/db.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, insufficientFunds } from '../../platform/errors.ts';
import { notifyChange } from '../../platform/events.ts';
import { countLedgerTransactions } from '../../platform/metrics.ts';
import * as repo from './repo.ts';
import { post, postBatch, type BatchItem } from './statement.ts';
import type { Part } from './parts.ts';

export { definePart, type Part, type Params } from './parts.ts';

export const ASSETS = ['money', 'point', 'egg', 'casino'] as const;
export type Asset = (typeof ASSETS)[number];

/** The operator's side of every flow. House accounts may go negative; player accounts never. */
export const HOUSE = {
  deposits: 'deposits', // money in from bank charges
  withdrawals: 'withdrawals', // money out through exchanges
  stakes: 'stakes', // stakes held while a bet is open
  payouts: 'payouts', // winnings paid
  commissions: 'commissions', // agent rolling and losing settlements
  bonuses: 'bonuses', // signup, charge and comment points
  conversions: 'conversions', // point/egg/casino conversions
  adjustments: 'adjustments', // admin and agent grants and reclaims
  casinoVendor: 'casino_vendor', // transfers to and from game vendors
  exchangeHold: 'exchange_hold', // money held from exchange requests until processed
} as const;
export type HouseCode = (typeof HOUSE)[keyof typeof HOUSE];

export type AccountRef = { user: bigint | number; asset: Asset } | { house: HouseCode; asset: Asset };
export type Posting = { account: AccountRef; amount: bigint };

export type PostInput = {
  /** Unique per business event; a repeat returns the first transaction and moves nothing. */
  idempotencyKey: string;
  kind: string;
  reason?: { type: string; id: string | number | bigint };
  memo?: string;
  postings: Posting[];
};

export type PostResult = {
  transactionId: bigint;
  replayed: boolean;
  /** Balance after the transaction, per user account touched (key `${userId}:${asset}`). */
  balances: Map<string, bigint>;
  /** The attached row's columns (first posting only; absent on a replay). */
  attached?: Record<string, unknown>;
  /** The guard said no: nothing was written (the caller takes its slower path). */
  guarded?: boolean;
};

/**
 * A business row written by the posting's own statement (one round trip; e.g. the bet): a part
 * (`definePart`) whose text is an `INSERT … SELECT … FROM done … RETURNING …`, where
 * `done(tx_id, before, after)` is the new transaction's id and `account`'s balance before and
 * after (an account the posting moves, or any other: then its balance as read). RETURNING
 * columns must not be named tx_id, id or balance. On a replay nothing is inserted.
 */
export type Attached = Part & { account: AccountRef; then?: Chained };

/**
 * More CTEs after the attached row, reading it (`attached`), e.g. the rows that hang off a new
 * bet: a part whose text is `a AS (…), b AS (…)`. Part of the same statement, so they commit or
 * roll back with the posting; on a replay `attached` is empty and they should insert nothing.
 */
export type Chained = Part;

/**
 * A check folded into the posting's statement, run first: a part whose text is a
 * `SELECT … AS ok …` that locks the business row it reads (e.g. the member, `FOR UPDATE`). When a
 * row says `ok = false` (or no row returns) nothing is written and the result has `guarded: true`.
 * `prior` runs before it (a caller's checks; the guard may read it as `prior_guard`). Saves the
 * separate lock statement on the bet's hot path (decision 012).
 */
export type Guard = Part & { prior?: Part };

const refKey = (r: AccountRef) => ('user' in r ? `u:${r.user}:${r.asset}` : `h:${r.house}:${r.asset}`);

/**
 * Every house account is HOUSE_SHARDS rows (decision 012): a posting touches the one its
 * idempotency key hashes to, so concurrent bets rarely wait on the same house row. The house
 * balance is the sum of its shards (`houseBalances`).
 */
export const HOUSE_SHARDS = 16;

export function shardOf(key: string) {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % HOUSE_SHARDS;
}

// Account ids never change once committed: cached per database, filled only after the
// transaction that read or created them commits (a rolled-back insert must not be cached).
const accountIds = new WeakMap<object, Map<string, bigint>>();
const rowKey = (a: repo.AccountRow) => (a.owner_id !== null ? `u:${a.owner_id}:${a.asset}` : `h:${a.code}:${a.asset}:${a.shard}`);

const idKey = (r: AccountRef, shard: number) => ('user' in r ? `u:${r.user}:${r.asset}` : `h:${r.house}:${r.asset}:${shard}`);

/** Whether every account id is cached: then the posting needs no statement before its own. */
function idsCached(sql: Sql, refs: AccountRef[], shard: number) {
  const cache = accountIds.get(homeOf(sql));
  return !!cache && refs.every((r) => cache.has(idKey(r, shard)));
}

async function resolveIds(sql: Sql, refs: AccountRef[], shard: number) {
  const home = homeOf(sql);
  let cache = accountIds.get(home);
  if (!cache) accountIds.set(home, (cache = new Map()));
  const keyOf = (r: AccountRef) => idKey(r, shard);
  const missing = refs.filter((r) => !cache.has(keyOf(r)));
  if (missing.length > 0) {
    const users = [...new Set(missing.filter((r) => 'user' in r).map((r) => BigInt((r as { user: bigint | number }).user)))];
    const houses = missing.filter((r): r is { house: HouseCode; asset: Asset } => 'house' in r);
    const found: repo.AccountRow[] = [];
    if (users.length) found.push(...(await repo.openUserAccounts(sql, users, ASSETS)));
    if (houses.length)
      found.push(
        ...(await repo.openHouseAccounts(
          sql,
          houses.map((h) => h.house),
          houses.map((h) => h.asset),
          HOUSE_SHARDS,
        )),
      );
    const local = new Map(found.map((a) => [rowKey(a), a.id]));
    if (missing.some((r) => !local.has(keyOf(r))))
      for (const a of await repo.findAccounts(
        sql,
        users,
        houses.map((h) => h.house),
      ))
        local.set(rowKey(a), a.id);
    afterCommit(sql, () => {
      for (const [k, id] of local) cache.set(k, id);
    });
    return refs.map((r) => cache.get(keyOf(r)) ?? local.get(keyOf(r))!);
  }
  return refs.map((r) => cache.get(keyOf(r))!);
}

/** What a key promises: the kind and the amount per account. A reuse must match it exactly. */
function payloadHash(kind: string, entries: { ref: AccountRef; amount: bigint }[]) {
  const parts = entries.map((e) => `${refKey(e.ref)}=${e.amount}`).sort();
  return hash('sha256', `${kind}|${parts.join(',')}`, 'base64url');
}

const isNegativeBalance = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23514' &&
  (e as { constraint?: string }).constraint === 'ledger_accounts_not_negative';

/**
 * A posting's entries: one per account (amounts of the same account summed, zeros dropped).
 * Throws on a bad key, fewer than two postings, a zero or non-integer amount, or an asset that
 * does not balance.
 */
function entriesOf(input: PostInput) {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw badRequest('Invalid idempotency key.');
  if (input.postings.length < 2) throw badRequest('A transaction needs at least two postings.');
  const perAsset = new Map<string, bigint>();
  const merged = new Map<string, { ref: AccountRef; amount: bigint }>();
  for (const p of input.postings) {
    if (typeof p.amount !== 'bigint' || p.amount === 0n) throw badRequest('Posting amounts must be non-zero integers.');
    perAsset.set(p.account.asset, (perAsset.get(p.account.asset) ?? 0n) + p.amount);
    const k = refKey(p.account);
    const m = merged.get(k);
    if (m) m.amount += p.amount;
    else merged.set(k, { ref: p.account, amount: p.amount });
  }
  for (const [asset, sum] of perAsset) if (sum !== 0n) throw new Error(`unbalanced ${asset} postings (sum ${sum})`);
  return [...merged.values()].filter((m) => m.amount !== 0n);
}

/**
 * Posts one balanced transaction inside the caller's transaction, in one statement once the
 * account ids are cached: accounts locked in ascending id order, the unique idempotency key
 * decides first-or-replay, balances moved in place, a player below zero refused by the CHECK
 * (insufficient_funds). A key reused with another payload is refused (409 idempotency_conflict).
 * Called outside a transaction, that one statement commits on its own (no BEGIN/COMMIT round
 * trips); when accounts must be opened first, it opens a transaction. After commit, every member
 * whose balance moved is announced (context cache).
 */
export async function postTransaction(sql: Sql, clock: Clock, input: PostInput, attach?: Attached, guard?: Guard): Promise<PostResult> {
  const entries = entriesOf(input);
  const shard = shardOf(input.idempotencyKey);
  const refs = entries.map((e) => e.ref);
  // The attached row's account is resolved with the posting's, after them.
  const all = attach ? [...refs, attach.account] : refs;
  // Opening accounts is more than one statement: a refused posting must not leave them behind.
  if (!idsCached(sql, all, shard) && !inTransaction(sql)) return atomically(sql, (tx) => postTransaction(tx, clock, input, attach, guard));
  const ids = await resolveIds(sql, all, shard);
  const order = entries.map((e, i) => ({ ...e, id: ids[i] })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const hash = payloadHash(input.kind, entries);
  const rows = await post(
    sql,
    {
      key: input.idempotencyKey,
      kind: input.kind,
      reasonType: input.reason?.type ?? null,
      reasonId: input.reason ? String(input.reason.id) : null,
      memo: input.memo ?? null,
      at: clock.now(),
      hash,
      ids: order.map((e) => e.id),
      amounts: order.map((e) => e.amount),
      report: attach ? ids[refs.length] : undefined,
    },
    { attached: attach, then: attach?.then, guard, prior_guard: guard?.prior },
  ).catch((e: unknown) => {
    throw isNegativeBalance(e) ? insufficientFunds() : e;
  });

  const balances = new Map<string, bigint>();
  const users = order.filter((e) => 'user' in e.ref);
  if (rows.length === 0) {
    const seen = await repo.findReplay(
      sql,
      input.idempotencyKey,
      users.map((e) => e.id),
    );
    if (seen.length === 0 && guard) return { transactionId: 0n, replayed: false, balances, guarded: true };
    if (seen.length === 0) throw new Error(`ledger key ${input.idempotencyKey} neither inserted nor found`);
    if (seen[0].payload_hash !== null && seen[0].payload_hash !== hash)
      throw new AppError(409, 'idempotency_conflict', 'This request id was already used for a different request.');
    const now = new Map(seen.map((r) => [r.id, r.balance]));
    for (const e of users) balances.set(`${(e.ref as { user: bigint }).user}:${e.ref.asset}`, now.get(e.id) ?? 0n);
    return { transactionId: seen[0].tx_id, replayed: true, balances };
  }
  if (rows.length !== order.length) throw new Error('ledger posting touched a missing account');
  const after = new Map(rows.map((r) => [r.id, r.balance]));
  for (const e of users) balances.set(`${(e.ref as { user: bigint }).user}:${e.ref.asset}`, after.get(e.id)!);
  const home = homeOf(sql);
  const moved = [...new Set(users.map((e) => String((e.ref as { user: bigint }).user)))];
  afterCommit(sql, () => {
    // A balance notice, not a member one: the context poll re-reads, the cached session stays.
    for (const id of moved) notifyChange(home, { topic: 'balance', id });
    countLedgerTransactions(input.kind);
  });
  if (!attach) return { transactionId: rows[0].tx_id, replayed: false, balances };
  const attached = Object.fromEntries(Object.entries(rows[0]).filter(([k]) => k !== 'tx_id' && k !== 'id' && k !== 'balance'));
  return { transactionId: rows[0].tx_id, replayed: false, balances, attached };
}

/** Moves `amount` of one asset from one account to another. */
export function transfer(
  sql: Sql,
  clock: Clock,
  t: Omit<PostInput, 'postings'> & { from: AccountRef; to: AccountRef; amount: bigint },
  attach?: Attached,
  guard?: Guard,
) {
  if (t.amount <= 0n) throw badRequest('Amount must be greater than 0.', 'amount', 'amount_not_positive');
  if (t.from.asset !== t.to.asset) throw new Error('transfer between different assets');
  return postTransaction(
    sql,
    clock,
    {
      ...t,
      postings: [
        { account: t.from, amount: -t.amount },
        { account: t.to, amount: t.amount },
      ],
    },
    attach,
    guard,
  );
}

export type BatchTransfer = Omit<PostInput, 'postings'> & { from: { user: bigint; asset: Asset }; to: { house: HouseCode; asset: Asset }; amount: bigint };
/** The batch form of `Attached`: reads `done(i, tx_id, before, after)`, its arrays indexed by `i`; RETURNs `owner_id`. */
export type BatchAttached = Part & { then?: Chained };

/** One transaction of a batch: `owner` is the member account `done` reports (one item per member). */
export type BatchPosting = PostInput & { owner: { user: bigint; asset: Asset } };

/**
 * Many balanced transactions, each with its attached row, in ONE statement that commits on its
 * own (group commit, decision 012 fifth pass): the statement's cost and its commit are shared by
 * the batch. `guard` is a `Guard` over all the members at once, answering `(user_id, ok)` per
 * member. Answers per item its attached row, or undefined when the item was not posted (the
 * guard said no, an account cannot pay, the key exists, an account id is not cached yet, an
 * invalid posting, or a second item of the same member or key): the caller posts those one by
 * one, which answers each exactly (replay, insufficient_funds, a refusal). The key and the
 * payload hash are what `postTransaction` would write, so either path replays the other; every
 * house leg of a batch uses the first item's shard, so batches in flight together (one per
 * queue) rarely wait on each other.
 */
export async function postingBatch(sql: Sql, clock: Clock, items: BatchPosting[], attach: BatchAttached, guard: Guard) {
  if (inTransaction(sql)) throw new Error('postingBatch commits on its own: call it outside a transaction');
  const out: (Record<string, unknown> | undefined)[] = items.map(() => undefined);
  if (items.length === 0) return out;
  const shard = shardOf(items[0].idempotencyKey);
  const go: { at: number; item: BatchItem; users: string[] }[] = [];
  const owners = new Set<bigint>();
  const keys = new Set<string>();
  for (const [at, t] of items.entries()) {
    let entries: ReturnType<typeof entriesOf>;
    try {
      entries = entriesOf(t);
    } catch {
      continue; // the one-by-one path refuses it with the exact error
    }
    const refs = [t.owner, ...entries.map((e) => e.ref)];
    if (owners.has(t.owner.user) || keys.has(t.idempotencyKey) || !idsCached(sql, refs, shard)) continue;
    owners.add(t.owner.user);
    keys.add(t.idempotencyKey);
    const [ownerAccountId, ...ids] = await resolveIds(sql, refs, shard);
    go.push({
      at,
      users: [...new Set(entries.filter((e) => 'user' in e.ref).map((e) => String((e.ref as { user: bigint }).user)))],
      item: {
        key: t.idempotencyKey,
        kind: t.kind,
        reasonType: t.reason?.type ?? null,
        reasonId: t.reason ? String(t.reason.id) : null,
        memo: t.memo ?? null,
        hash: payloadHash(t.kind, entries),
        ownerId: t.owner.user,
        ownerAccountId,
        legs: entries.map((e, k) => ({ accountId: ids[k], amount: e.amount })),
        i: at + 1,
      },
    });
  }
  if (go.length === 0) return out;
  const rows = await postBatch(
    sql,
    clock.now(),
    go.map((g) => g.item),
    { attached: attach, then: attach.then, guard, prior_guard: guard.prior },
  );
  const byOwner = new Map(rows.map((r) => [BigInt(r.owner_id), r]));
  const home = homeOf(sql);
  for (const g of go) {
    const row = byOwner.get(g.item.ownerId);
    if (!row) continue;
    out[g.at] = row;
    for (const id of g.users) notifyChange(home, { topic: 'balance', id });
    countLedgerTransactions(g.item.kind);
  }
  return out;
}

/** Member-to-house transfers as a `postingBatch` (the bets' group commit): each member's own account is the one `done` reports. */
export function transferBatch(sql: Sql, clock: Clock, items: BatchTransfer[], attach: BatchAttached, guard: Guard) {
  return postingBatch(
    sql,
    clock,
    items.map((t) => ({
      idempotencyKey: t.idempotencyKey,
      kind: t.kind,
      reason: t.reason,
      memo: t.memo,
      owner: t.from,
      // A non-positive or cross-asset transfer is left to the one-by-one path, which refuses it.
      postings:
        t.amount > 0n && t.from.asset === t.to.asset
          ? [
              { account: t.from, amount: -t.amount },
              { account: t.to, amount: t.amount },
            ]
          : [],
    })),
    attach,
    guard,
  );
}

export type Balances = Record<Asset, bigint>;

export async function getBalances(sql: Sql, userId: bigint | number): Promise<Balances> {
  const out: Balances = { money: 0n, point: 0n, egg: 0n, casino: 0n };
  for (const r of await repo.userBalances(sql, BigInt(userId))) out[r.asset as Asset] = r.balance;
  return out;
}

/** House balances: each house account is the sum of its shards. */
export const houseBalances = (sql: Sql) => repo.houseBalances(sql);

export const totalUserBalance = (sql: Sql, asset: Asset) => repo.sumUserBalances(sql, asset);

/**
 * A member's postings on one asset, newest first, with the transaction's kind and memo: the
 * statement (each row's balance after is the running balance). `kinds` (LIKE patterns: 'charge.%') narrows it; `credit` and
 * `debit` are the period's totals in and out over every matching posting.
 */
export const userHistory = (sql: Sql, userId: bigint, asset: Asset, from: Date, to: Date, skip: number, limit: number, kinds?: string[]) =>
  repo.userPostings(sql, userId, asset, from, to, skip, limit, kinds);

/** Per other member, kind and asset: what moved between `userId` and it in transactions of `kinds` (repo.counterpartTotals). */
export const counterpartTotals = (sql: Sql, userId: bigint, kinds: string[], from: Date, to: Date) => repo.counterpartTotals(sql, userId, kinds, from, to);

/**
 * A member's balance before and after each referenced transaction (by id, or by idempotency key
 * when the id is null), straight from the postings; null where the transaction did not move it.
 */
export const memberPostings = (sql: Sql, asset: Asset, refs: { userId: bigint; txId: bigint | null; key: string | null }[]) =>
  repo.memberPostings(sql, asset, refs);

export type VerifyReport = { ok: boolean; problems: string[] };

/** Checks every ledger invariant; used by `npm run ledger:verify` and by tests. */
export async function verifyLedger(sql: Sql): Promise<VerifyReport> {
  const problems: string[] = [];
  for (const r of await repo.unbalancedTransactions(sql)) problems.push(`transaction ${r.transaction_id} does not balance in ${r.asset} (sum ${r.total})`);
  for (const r of await repo.balancesNotMatchingPostings(sql)) problems.push(`account ${r.id} balance ${r.balance} != sum of postings ${r.postings}`);
  for (const r of await repo.negativeBalances(sql)) problems.push(`account ${r.id} is negative (${r.balance})`);
  for (const r of await repo.brokenPostings(sql)) problems.push(`posting ${r.id} before/after/asset mismatch`);
  for (const r of await repo.emptyTransactions(sql)) problems.push(`transaction ${r.id} has no postings`);
  for (const r of await repo.nonZeroAssetTotals(sql)) problems.push(`${r.asset}: all accounts together sum to ${r.total}, not 0`);
  for (const r of await repo.badShards(sql, HOUSE_SHARDS))
    problems.push(`account ${r.id} (${r.code || 'player'} ${r.asset}) has a bad shard ${r.shard} or sign rule`);
  return { ok: problems.length === 0, problems };
}

/** Locks members' accounts of one asset (in id order, like a posting) and returns their balances. */
export async function lockBalances(sql: Sql, userIds: bigint[], asset: Asset): Promise<Map<bigint, bigint>> {
  const rows = await repo.lockUserBalances(sql, userIds, asset);
  return new Map(rows.map((r) => [BigInt(r.owner_id), r.balance]));
}
