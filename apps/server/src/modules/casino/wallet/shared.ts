import type { Deps } from '../../../platform/deps.ts';
import type { Sql } from '../../../platform/db.ts';
import { HOUSE, getBalances, transfer, type AccountRef } from '../../ledger/index.ts';
import type { VendorAdapter } from '../vendors/index.ts';
import * as repo from '../repo.ts';
import { MISS, type Miss, type WalletAnswer, type WalletMethod, type WalletStatus } from './answer.ts';

/** A signed, well-formed call on its way to a method's paths. */
export type Call = {
  deps: Deps;
  vendor: VendorAdapter;
  method: WalletMethod;
  body: Body;
  raw: string;
  userId: bigint;
  currency: string;
  at: Date;
};

export type Body = { request_uuid: string; user: string; token: string; currency: string } & Partial<{
  transaction_uuid: string;
  reference_transaction_uuid: string;
  round: string;
  game_code: string;
  amount: string;
}>;

export type Wallet = 'money' | 'casino';

/** What the careful path's prelude found, once the checks every method shares have passed. */
export type Checked = {
  pre: repo.Prelude;
  session: NonNullable<repo.Prelude['session']>;
  user: NonNullable<repo.Prelude['user']>;
  /** The session is open and not past its 12 hours. */
  live: boolean;
  sessionWallet: Wallet;
};
export const walletOf = (mode: string): Wallet => (mode === 'seamless' ? 'money' : 'casino');

export const answerOf = (c: Call, status: WalletStatus, balance: bigint): WalletAnswer => ({
  status,
  request_uuid: c.body.request_uuid,
  user: c.body.user,
  currency: c.currency,
  balance: balance.toString(),
});

export const logOf = (c: Call, answer: WalletAnswer): repo.CallLog => ({ method: c.method, body: c.raw, status: answer.status, answer });

export function gameTypeOf(vendor: VendorAdapter, gameCode: string, product: string | null): 'casino' | 'slot' {
  for (const p of vendor.products()) if (p.games.some((g) => g.code === gameCode)) return p.type;
  return vendor.products().find((p) => p.code === product)?.type ?? 'casino';
}

/** The game type from the game code alone (the fast paths do not read the session's product). */
export const knownGameType = (vendor: VendorAdapter, gameCode: string) => vendor.products().find((p) => p.games.some((g) => g.code === gameCode))?.type;

/** The call's wallet row, from the body and what the path decided. */
export function row(
  c: Call,
  r: Pick<repo.NewTx, 'kind' | 'wallet' | 'amount' | 'status' | 'answer_balance' | 'balance_before' | 'balance_after'> & Partial<repo.NewTx>,
): repo.NewTx {
  return {
    vendor: c.vendor.code,
    transaction_uuid: c.body.transaction_uuid!,
    user_id: c.userId,
    round: c.body.round!,
    game: c.body.game_code!,
    game_type: gameTypeOf(c.vendor, c.body.game_code!, null),
    reference_uuid: c.body.reference_transaction_uuid ?? null,
    bet_id: null,
    request_uuid: c.body.request_uuid,
    created_at: c.at,
    ...r,
  };
}

/**
 * A transaction id seen before. The same call again answers what the first one answered (its
 * balance then); anything else under that id is a duplicate, and a bet whose id a rollback
 * already took (tombstone) is refused as rolled back.
 */
export function replayOf(c: Call, t: repo.WalletTxRow): { status: WalletStatus; balance?: bigint } {
  if (t.kind === 'tombstone') return { status: c.method === 'bet' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION' };
  const same =
    t.kind === c.method &&
    t.user_id === c.userId &&
    t.round === c.body.round &&
    t.game === c.body.game_code &&
    (c.method === 'rollback' || t.amount === BigInt(c.body.amount!)) &&
    (t.reference_uuid ?? undefined) === c.body.reference_transaction_uuid;
  if (!same) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
  return { status: 'RS_OK', balance: t.answer_balance };
}

/**
 * A fast path's money statement, or a miss when it broke one of the wallet row's constraints on
 * purpose (a failed check writes a status the CHECK refuses, a taken id breaks the unique key):
 * the statement aborted whole, so nothing of the call was written.
 */
export async function unlessRefused<T>(statement: Promise<T>): Promise<T | Miss> {
  try {
    return await statement;
  } catch (e) {
    const constraint = (e as { constraint?: string }).constraint;
    if (constraint === repo.REFUSED_CONSTRAINT || constraint === repo.TAKEN_CONSTRAINT) return MISS;
    throw e;
  }
}

export const mine = (c: Call, wallet: Wallet): AccountRef => ({ user: c.userId, asset: wallet });
export const houseOf = (wallet: Wallet): AccountRef =>
  wallet === 'money' ? { house: HOUSE.payouts, asset: 'money' } : { house: HOUSE.casinoVendor, asset: 'casino' };

/** Pays `amount` outside a bet's settlement (a second win of a round, a win on a free round). */
export async function credit(sql: Sql, c: Call, wallet: Wallet, amount: bigint, key: string) {
  if (amount === 0n) return;
  await transfer(sql, c.deps.clock, {
    idempotencyKey: key,
    kind: 'casino.win',
    reason: { type: 'casino_win', id: c.body.transaction_uuid! },
    memo: `${c.body.game_code} 당첨`,
    from: houseOf(wallet),
    to: mine(c, wallet),
    amount,
  });
}

/** Takes back up to `amount` (what the member still holds); the rest stays a house loss. */
export async function recall(sql: Sql, c: Call, wallet: Wallet, amount: bigint, key: string) {
  if (amount <= 0n) return;
  const held = (await getBalances(sql, c.userId))[wallet];
  const take = held < amount ? held : amount;
  if (take === 0n) return;
  await transfer(sql, c.deps.clock, {
    idempotencyKey: key,
    kind: 'casino.recall',
    reason: { type: 'casino_rollback', id: c.body.transaction_uuid! },
    memo: `${c.body.game_code} 취소 회수`,
    from: mine(c, wallet),
    to: houseOf(wallet),
    amount: take,
  });
}
