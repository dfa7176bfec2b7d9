import type { Sql } from '../../platform/db.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, insufficientFunds } from '../../platform/errors.ts';
import * as repo from './repo.ts';

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
};

const refKey = (r: AccountRef) => ('user' in r ? `u:${r.user}:${r.asset}` : `h:${r.house}:${r.asset}`);

async function resolveAccount(sql: Sql, ref: AccountRef): Promise<bigint> {
  if ('user' in ref) {
    const uid = BigInt(ref.user);
    let id = await repo.findUserAccount(sql, uid, ref.asset);
    if (id === undefined) {
      await repo.insertUserAccount(sql, uid, ref.asset);
      id = await repo.findUserAccount(sql, uid, ref.asset);
    }
    return id!;
  }
  let id = await repo.findHouseAccount(sql, ref.house, ref.asset);
  if (id === undefined) {
    await repo.insertHouseAccount(sql, ref.house, ref.asset);
    id = await repo.findHouseAccount(sql, ref.house, ref.asset);
  }
  return id!;
}

/**
 * Posts one balanced transaction inside the caller's transaction. Locks every touched
 * account (ascending id), checks the idempotency key under those locks (so a concurrent
 * duplicate waits and then sees the first one), refuses to take a player account below zero.
 */
export async function postTransaction(sql: Sql, clock: Clock, input: PostInput): Promise<PostResult> {
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

  const entries = [...merged.values()].filter((m) => m.amount !== 0n);
  const ids = new Map<string, bigint>();
  for (const e of entries) ids.set(refKey(e.ref), await resolveAccount(sql, e.ref));
  const locked = await repo.lockAccounts(sql, [...new Set(ids.values())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const byId = new Map(locked.map((a) => [a.id, a]));

  const balances = new Map<string, bigint>();
  const existing = await repo.findTransactionByKey(sql, input.idempotencyKey);
  if (existing) {
    for (const e of entries) if ('user' in e.ref) balances.set(`${e.ref.user}:${e.ref.asset}`, byId.get(ids.get(refKey(e.ref))!)!.balance);
    return { transactionId: existing.id, replayed: true, balances };
  }

  const rows = entries.map((e) => {
    const acc = byId.get(ids.get(refKey(e.ref))!)!;
    const after = acc.balance + e.amount;
    if (after < 0n && !acc.allow_negative) throw insufficientFunds();
    if ('user' in e.ref) balances.set(`${e.ref.user}:${e.ref.asset}`, after);
    return { accountId: acc.id, asset: e.ref.asset, amount: e.amount, before: acc.balance, after };
  });
  const at = clock.now();
  const txId = await repo.insertTransaction(sql, {
    key: input.idempotencyKey,
    kind: input.kind,
    reasonType: input.reason?.type,
    reasonId: input.reason ? String(input.reason.id) : undefined,
    memo: input.memo,
    at,
  });
  await repo.insertPostings(sql, txId, at, rows);
  for (const r of rows) await repo.setBalance(sql, r.accountId, r.after);
  return { transactionId: txId, replayed: false, balances };
}

/** Moves `amount` of one asset from one account to another. */
export function transfer(
  sql: Sql,
  clock: Clock,
  t: Omit<PostInput, 'postings'> & { from: AccountRef; to: AccountRef; amount: bigint },
) {
  if (t.amount <= 0n) throw badRequest('Amount must be greater than 0.');
  if (t.from.asset !== t.to.asset) throw new Error('transfer between different assets');
  return postTransaction(sql, clock, {
    ...t,
    postings: [
      { account: t.from, amount: -t.amount },
      { account: t.to, amount: t.amount },
    ],
  });
}

export type Balances = Record<Asset, bigint>;

export async function getBalances(sql: Sql, userId: bigint | number): Promise<Balances> {
  const out: Balances = { money: 0n, point: 0n, egg: 0n, casino: 0n };
  for (const r of await repo.userBalances(sql, BigInt(userId))) out[r.asset as Asset] = r.balance;
  return out;
}

export const totalUserBalance = (sql: Sql, asset: Asset) => repo.sumUserBalances(sql, asset);

/** A member's postings on one asset, newest first, with the transaction's kind and memo. */
export const userHistory = (sql: Sql, userId: bigint, asset: Asset, from: Date, to: Date, skip: number, limit: number) =>
  repo.userPostings(sql, userId, asset, from, to, skip, limit);

export type VerifyReport = { ok: boolean; problems: string[] };

/** Checks every ledger invariant; used by `npm run ledger:verify` and by tests. */
export async function verifyLedger(sql: Sql): Promise<VerifyReport> {
  const problems: string[] = [];
  for (const r of await repo.unbalancedTransactions(sql))
    problems.push(`transaction ${r.transaction_id} does not balance in ${r.asset} (sum ${r.total})`);
  for (const r of await repo.balancesNotMatchingPostings(sql))
    problems.push(`account ${r.id} balance ${r.balance} != sum of postings ${r.postings}`);
  for (const r of await repo.negativeBalances(sql)) problems.push(`account ${r.id} is negative (${r.balance})`);
  for (const r of await repo.brokenPostings(sql)) problems.push(`posting ${r.id} before/after/asset mismatch`);
  for (const r of await repo.emptyTransactions(sql)) problems.push(`transaction ${r.id} has no postings`);
  return { ok: problems.length === 0, problems };
}
