import { z } from 'zod';
import type { Deps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { countWalletCall } from '../../../platform/metrics.ts';
import { getBalances } from '../../ledger/index.ts';
import { getSettings } from '../../settings/index.ts';
import { auditLimitHit } from '../../responsible/index.ts';
import * as repo from '../repo.ts';
import { checkSignature } from '../signature.ts';
import { offersGame, vendorByCode } from '../vendors/index.ts';
import { MISS, refused, statusOfError, type CarefulOutcome, type FastOutcome, type WalletAnswer, type WalletMethod, type WalletStatus } from './answer.ts';
import { carefulBalance, fastBalance } from './balance.ts';
import { carefulBet, fastBet } from './bet.ts';
import { carefulRollback } from './rollback.ts';
import { replayOf, walletOf, type Body, type Call, type Checked, type Wallet } from './shared.ts';
import { carefulWin, fastWin } from './win.ts';

// Every field of a wallet call is judged here, before any SQL (issue 21): text holds no NUL (the
// database refuses it: a vendor retrying RS_ERROR_UNKNOWN would loop) and no lone surrogate (stored
// as U+FFFD, two different ids would collide as one).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !v.includes('\u0000') && v.search(LONE_SURROGATE) < 0);
const id = text(100);
const amount = z.string().regex(/^\d{1,15}$/);
const common = { request_uuid: id, user: z.string().regex(/^\d{1,18}$/), token: text(200), currency: z.string().regex(/^[A-Z]{3}$/) };
const game = { transaction_uuid: id, round: id, game_code: text(60) };
/** Echoed and stored ids of a call refused as wrong syntax: what the database can hold. */
const storable = (v: string, max: number) =>
  v
    .slice(0, max)
    .replace(/\u0000/g, '')
    .replace(LONE_SURROGATE, '\uFFFD');
const BODIES = {
  balance: z.object(common),
  bet: z.object({ ...common, ...game, amount }),
  win: z.object({ ...common, ...game, reference_transaction_uuid: id, amount }),
  rollback: z.object({ ...common, ...game, reference_transaction_uuid: id }),
};

/**
 * Each method's two paths (decision 021, "Hot path"). The fast one tries the common case in as
 * few statements as possible, its checks riding in the money statements; anything else writes
 * nothing and the careful one decides from the prelude. Rollbacks only have the careful one.
 */
const FAST: Record<WalletMethod, ((c: Call, nonce: string) => Promise<FastOutcome>) | null> = {
  balance: fastBalance,
  bet: fastBet,
  win: fastWin,
  rollback: null,
};
const CAREFUL: Record<WalletMethod, (c: Call, k: Checked) => Promise<CarefulOutcome>> = {
  balance: carefulBalance,
  bet: carefulBet,
  win: carefulWin,
  rollback: carefulRollback,
};

/** Tests only: `fastPath: false` sends the call straight down its careful path, so a test can hold the two paths side by side. */
export type WalletCallOptions = { fastPath?: boolean };

/** A concurrent call took the id; after this many fresh decisions it is a fault (the vendor retries). */
const MAX_DECISIONS = 4;

/**
 * One signed wallet call from a vendor (decision 021). Always answers (HTTP 200 with a status);
 * every raw request and its answer is stored. Order: signature → body syntax → the fast path →
 * the prelude (nonce, session, transaction ids, member) → member, currency, token → replay → the
 * method's careful path.
 */
export async function walletCall(
  deps: Deps,
  vendorCode: string,
  method: WalletMethod,
  headers: Record<string, unknown>,
  raw: Buffer,
  opts: WalletCallOptions = {},
): Promise<WalletAnswer> {
  // Counted once here, whichever path answered (issue 21 metrics); a throw is a fault the vendor retries.
  try {
    const answer = await answerCall(deps, vendorCode, method, headers, raw, opts);
    countWalletCall(method, answer.status);
    return answer;
  } catch (e) {
    countWalletCall(method, 'fault');
    throw e;
  }
}

async function answerCall(
  deps: Deps,
  vendorCode: string,
  method: WalletMethod,
  headers: Record<string, unknown>,
  raw: Buffer,
  opts: WalletCallOptions,
): Promise<WalletAnswer> {
  const vendor = vendorByCode(vendorCode)!;
  const at = deps.clock.now();
  const { currency } = await getSettings(deps.db);
  const rawText = raw.toString('utf8');
  let loose: Partial<Body> = {};
  try {
    const v: unknown = JSON.parse(rawText);
    if (v && typeof v === 'object') loose = v as Partial<Body>;
  } catch {
    /* answered below as wrong syntax, after the signature */
  }
  const echo = (status: WalletStatus, balance = 0n): WalletAnswer => ({
    status,
    request_uuid: typeof loose.request_uuid === 'string' ? storable(loose.request_uuid, 100) : '',
    user: typeof loose.user === 'string' ? storable(loose.user, 20) : '',
    currency,
    balance: balance.toString(),
  });
  // Stores the call with an answer no path stored (a refusal, a replay) and answers it.
  const refuse = async (status: WalletStatus, balance = 0n) => {
    const answer = echo(status, balance);
    await repo.logCall(deps.db, {
      vendor: vendor.code,
      method,
      requestUuid: answer.request_uuid || null,
      txUuid: typeof loose.transaction_uuid === 'string' ? storable(loose.transaction_uuid, 200) : null,
      at,
      body: rawText.replace(/\u0000/g, '\\u0000'),
      status,
      answer,
    });
    return answer;
  };

  const secret = vendor.secret(deps.config);
  if (!secret) return refuse('RS_ERROR_INVALID_SIGNATURE');
  const sig = checkSignature(secret, headers, raw, at.getTime());
  if (!sig.ok) return refuse('RS_ERROR_INVALID_SIGNATURE');
  const parsed = BODIES[method].safeParse(loose);
  if (!parsed.success || rawText.includes('\u0000')) return refuse('RS_ERROR_WRONG_SYNTAX');
  const body = parsed.data as Body;
  // A game the vendor does not offer is no bet of ours, whatever the signature.
  if (body.game_code !== undefined && !offersGame(vendor, body.game_code)) return refuse('RS_ERROR_WRONG_SYNTAX');
  const userId = BigInt(body.user);
  const nonce = String(headers['x-wallet-nonce']);
  const call: Call = { deps, vendor, method, body, raw: rawText, userId, currency, at };
  if (opts.fastPath !== false) {
    const fast = await fastPath(call, nonce);
    if (fast.kind === 'answer') return fast.answer;
  }

  const pre = await repo.prelude(deps.db, {
    vendor: vendor.code,
    nonce,
    at,
    token: body.token,
    txUuid: body.transaction_uuid ?? null,
    refUuid: body.reference_transaction_uuid ?? null,
    userId,
  });
  if (!pre.fresh) return refuse('RS_ERROR_INVALID_SIGNATURE');
  if (!pre.user || pre.user.role !== 'user') return refuse('RS_ERROR_UNKNOWN_USER');
  const balanceNow = async (wallet: Wallet) => (await getBalances(deps.db, userId))[wallet];
  const sessionWallet = pre.session ? walletOf(pre.session.wallet_mode) : 'money';
  if (body.currency !== currency) return refuse('RS_ERROR_WRONG_CURRENCY', await balanceNow(sessionWallet));
  const tokenMatches = pre.session !== null && pre.session.user_id === userId && pre.session.vendor === vendor.code;
  if (!tokenMatches) return refuse('RS_ERROR_INVALID_TOKEN', await balanceNow(sessionWallet));

  let checked: Checked = { pre, session: pre.session!, user: pre.user, live: pre.session!.closed_at === null && pre.session!.expires_at > at, sessionWallet };
  for (let decisions = 1; ; decisions++) {
    const o = await decide(call, checked);
    if (o.kind === 'answer') return o.answer;
    if (o.kind === 'refused') {
      const { tx, ref } = checked.pre;
      return refuse(o.status, o.balance ?? (await balanceNow(tx?.wallet ?? ref?.wallet ?? sessionWallet)));
    }
    if (decisions === MAX_DECISIONS) throw new Error(`wallet ${method}: transaction id taken ${MAX_DECISIONS} times`);
    // A concurrent call took this transaction id (or the bet's tombstone): decide again from what is stored.
    const tx = (await repo.findTx(deps.db, vendor.code, body.transaction_uuid!)) ?? null;
    const ref = body.reference_transaction_uuid ? ((await repo.findTx(deps.db, vendor.code, body.reference_transaction_uuid)) ?? null) : null;
    checked = { ...checked, pre: { ...checked.pre, tx, ref } };
  }
}

/** The careful path: a transaction id seen before is a replay; else the method decides, its refusals from the ledger and betting mapped once. */
async function decide(c: Call, k: Checked): Promise<CarefulOutcome> {
  const seen = k.pre.tx && replayOf(c, k.pre.tx);
  if (seen) return refused(seen.status, seen.balance);
  try {
    return await CAREFUL[c.method](c, k);
  } catch (e) {
    const status = statusOfError(e);
    if (status === null) throw e;
    // A debit refused by the member's own limit (RS_ERROR_LIMIT_REACHED) is a protection event (decision 057).
    await auditLimitHit(c.deps.db, c.deps.clock, c.userId, e, `seamless:${c.vendor.code}`);
    return refused(status);
  }
}

/**
 * The common case of a call in as few round trips as possible. Anything else (a replay, a
 * refusal, not enough money, a limit, a transfer-mode session) writes nothing (its statement
 * aborted or its transaction rolled back) and is a miss: the careful path decides it from scratch.
 */
async function fastPath(c: Call, nonce: string): Promise<FastOutcome> {
  const fast = FAST[c.method];
  if (c.body.currency !== c.currency || !fast) return MISS;
  try {
    return await fast(c, nonce);
  } catch (e) {
    // The ledger's or betting's refusal (not enough money, a limit, a conflicting replay): the careful path answers it.
    if (e instanceof AppError) return MISS;
    throw e;
  }
}
