import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { observe, type Sql } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { cancelBet, placeBet, settleBets, settleOneBet, unsettleBets, type BatchChain, type SettleChain } from '../betting/service.ts';
import { HOUSE, getBalances, transfer, type AccountRef } from '../ledger/service.ts';
import { ACTIVE_STATUSES, lockMember } from '../members/service.ts';
import { getGameSettings, getSettings, levelSettings } from '../settings/service.ts';
import { vendorWalletMode } from './service.ts';
import { rememberBet, takeBet, type PlacedBet } from './placed-bets.ts';
import { checkSignature } from './signature.ts';
import { vendorByCode, type VendorAdapter } from './vendors/index.ts';
import * as repo from './repo.ts';

export const WALLET_METHODS = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletMethod = (typeof WALLET_METHODS)[number];
export type WalletStatus =
  | 'RS_OK'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_UNKNOWN_USER'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_TRANSACTION_ROLLED_BACK'
  | 'RS_ERROR_LIMIT_REACHED'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_UNKNOWN';
export type WalletAnswer = { status: WalletStatus; request_uuid: string; user: string; currency: string; balance: string };

const id = z.string().min(1).max(100);
const amount = z.string().regex(/^\d{1,15}$/);
const common = { request_uuid: id, user: z.string().regex(/^\d{1,18}$/), token: z.string().min(1).max(200), currency: z.string().min(3).max(3) };
const game = { transaction_uuid: id, round: id, game_code: z.string().min(1).max(60) };
const BODIES = {
  balance: z.object(common),
  bet: z.object({ ...common, ...game, amount }),
  win: z.object({ ...common, ...game, reference_transaction_uuid: id, amount }),
  rollback: z.object({ ...common, ...game, reference_transaction_uuid: id }),
};
type Body = { request_uuid: string; user: string; token: string; currency: string } & Partial<{
  transaction_uuid: string;
  reference_transaction_uuid: string;
  round: string;
  game_code: string;
  amount: string;
}>;

type Wallet = 'money' | 'casino';
const walletOf = (mode: string): Wallet => (mode === 'seamless' ? 'money' : 'casino');

/** Ends the money transaction early: the answer was decided (rolled back with it). */
class Answered extends Error {
  constructor(readonly status: WalletStatus) {
    super(status);
  }
}
/** The call's transaction id was taken by a concurrent call: decide again from what is stored. */
class Taken extends Error {}
/** The hot path met something other than the common case: rolled back, the careful path decides. */
class Miss extends Error {}

type Call = {
  deps: Deps;
  vendor: VendorAdapter;
  method: WalletMethod;
  body: Body;
  raw: string;
  userId: bigint;
  currency: string;
  at: Date;
};

/**
 * One signed wallet call from a vendor (decision 021). Always answers (HTTP 200 with a status);
 * every raw request and its answer is stored.
 */
export async function walletCall(deps: Deps, vendorCode: string, method: WalletMethod, headers: Record<string, unknown>, raw: Buffer): Promise<WalletAnswer> {
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
    request_uuid: typeof loose.request_uuid === 'string' ? loose.request_uuid.slice(0, 100) : '',
    user: typeof loose.user === 'string' ? loose.user.slice(0, 20) : '',
    currency,
    balance: balance.toString(),
  });
  const refuse = async (status: WalletStatus, balance = 0n) => {
    const answer = echo(status, balance);
    await repo.logCall(deps.db, {
      vendor: vendor.code,
      method,
      requestUuid: answer.request_uuid || null,
      txUuid: typeof loose.transaction_uuid === 'string' ? loose.transaction_uuid : null,
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
  const userId = BigInt(body.user);
  const fast = await hotPath({ deps, vendor, method, body, raw: rawText, userId, currency, at }, String(headers['x-wallet-nonce']));
  if (fast) return fast;

  const pre = await repo.prelude(deps.db, {
    vendor: vendor.code,
    nonce: String(headers['x-wallet-nonce']),
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

  const call: Call = { deps, vendor, method, body, raw: rawText, userId, currency, at };
  const live = pre.session!.closed_at === null && pre.session!.expires_at > at;
  try {
    if (method === 'balance') {
      if (!live) return refuse('RS_ERROR_TOKEN_EXPIRED', await balanceNow(sessionWallet));
      const answer = answerOf(call, 'RS_OK', await balanceNow(sessionWallet));
      await repo.logCall(deps.db, { vendor: vendor.code, method, requestUuid: body.request_uuid, txUuid: null, at, body: rawText, status: 'RS_OK', answer });
      return answer;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const seen = pre.tx && replayOf(call, pre.tx);
        if (seen) return refuse(seen.status, seen.balance ?? (await balanceNow(pre.tx!.wallet)));
        if (method === 'bet') {
          if (!live) return refuse('RS_ERROR_TOKEN_EXPIRED', await balanceNow(sessionWallet));
          if (!ACTIVE_STATUSES.has(pre.user.status)) return refuse('RS_ERROR_INVALID_TOKEN', await balanceNow(sessionWallet));
          return await bet(call, pre.session!.wallet_mode, pre.session!.product, pre.user.level);
        }
        if (method === 'win') return await win(call, pre.ref);
        return await rollback(call, pre.ref, sessionWallet);
      } catch (e) {
        if (!(e instanceof Taken) || attempt > 2) throw e;
        // A concurrent call took this transaction id (or the bet's tombstone): decide again.
        pre.tx = (await repo.findTx(deps.db, vendor.code, body.transaction_uuid!)) ?? null;
        pre.ref = body.reference_transaction_uuid ? ((await repo.findTx(deps.db, vendor.code, body.reference_transaction_uuid)) ?? null) : null;
      }
    }
  } catch (e) {
    const wallet = pre.tx?.wallet ?? pre.ref?.wallet ?? sessionWallet;
    if (e instanceof Answered) return refuse(e.status, await balanceNow(wallet));
    if (e instanceof AppError && e.code === 'insufficient_funds') return refuse('RS_ERROR_NOT_ENOUGH_MONEY', await balanceNow(wallet));
    if (e instanceof AppError && e.code === 'idempotency_conflict') return refuse('RS_ERROR_DUPLICATE_TRANSACTION', await balanceNow(wallet));
    if (e instanceof AppError && e.status < 500) return refuse('RS_ERROR_LIMIT_REACHED', await balanceNow(wallet));
    throw e;
  }
}

const answerOf = (c: Call, status: WalletStatus, balance: bigint): WalletAnswer => ({
  status,
  request_uuid: c.body.request_uuid,
  user: c.body.user,
  currency: c.currency,
  balance: balance.toString(),
});

/**
 * A transaction id seen before. The same call again answers what the first one answered (its
 * balance then); anything else under that id is a duplicate, and a bet whose id a rollback
 * already took (tombstone) is refused as rolled back.
 */
function replayOf(c: Call, t: repo.WalletTxRow): { status: WalletStatus; balance?: bigint } {
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

function gameTypeOf(vendor: VendorAdapter, gameCode: string, product: string | null): 'casino' | 'slot' {
  for (const p of vendor.products()) if (p.games.some((g) => g.code === gameCode)) return p.type;
  return vendor.products().find((p) => p.code === product)?.type ?? 'casino';
}

async function checkLimits(c: Call, gameType: string, level: number, amount: bigint) {
  const gs = await getGameSettings(c.deps.db, `${gameType}:${c.vendor.code}`);
  const l = levelSettings(gs, level);
  if (!gs.betting_allowed || !l.allowed) throw new Answered('RS_ERROR_LIMIT_REACHED');
  if (amount > 0n && (amount < BigInt(l.min_bet) || amount > BigInt(l.max_bet))) throw new Answered('RS_ERROR_LIMIT_REACHED');
}

const logOf = (c: Call, answer: WalletAnswer): repo.CallLog => ({ method: c.method, body: c.raw, status: answer.status, answer });
const mine = (c: Call, wallet: Wallet): AccountRef => ({ user: c.userId, asset: wallet });
const houseOf = (wallet: Wallet): AccountRef =>
  wallet === 'money' ? { house: HOUSE.payouts, asset: 'money' } : { house: HOUSE.casinoVendor, asset: 'casino' };

function row(
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
 * A bet: seamless wallets stake the member's money through `betting.placeBet` (member lock, loss
 * limit, bet row); transfer and switching wallets stake the casino balance straight into
 * house:casino_vendor. The wallet row and the call log are inserted in the same transaction.
 */
async function bet(c: Call, mode: string, product: string | null, level: number): Promise<WalletAnswer> {
  const stake = BigInt(c.body.amount!);
  const wallet = walletOf(mode);
  const gameType = gameTypeOf(c.vendor, c.body.game_code!, product);
  await checkLimits(c, gameType, level, stake);
  return c.deps.db.tx(async (sql) => {
    let before: bigint;
    let after: bigint;
    let betId: bigint | null = null;
    if (stake > 0n && wallet === 'money') {
      const b = await placeBet(sql, c.deps.clock, {
        userId: c.userId,
        gameType,
        game: c.body.game_code!,
        vendor: c.vendor.code,
        round: c.body.round!,
        betType: 'single',
        selections: [],
        odds: '1.00',
        amount: stake,
        requestId: `${c.vendor.code}:${c.body.transaction_uuid}`,
      });
      [before, after, betId] = [b.money_before, b.money_after, b.id];
    } else if (stake > 0n) {
      await lockMember(sql, c.userId);
      const r = await transfer(sql, c.deps.clock, {
        idempotencyKey: `casino:bet:${c.vendor.code}:${c.body.transaction_uuid}`,
        kind: 'casino.bet',
        reason: { type: 'casino_bet', id: c.body.transaction_uuid! },
        memo: `${c.body.game_code} 베팅`,
        from: mine(c, 'casino'),
        to: { house: HOUSE.casinoVendor, asset: 'casino' },
        amount: stake,
      });
      after = r.balances.get(`${c.userId}:casino`)!;
      before = after + stake;
    } else {
      await lockMember(sql, c.userId);
      before = after = (await getBalances(sql, c.userId))[wallet];
    }
    const answer = answerOf(c, 'RS_OK', after);
    const t = row(c, {
      kind: 'bet',
      game_type: gameType,
      wallet,
      amount: stake,
      bet_id: betId,
      status: 'open',
      answer_balance: after,
      balance_before: before,
      balance_after: after,
    });
    if ((await repo.insertTx(sql, t, logOf(c, answer))) === null) throw new Taken();
    return answer;
  });
}

/** Pays `amount` outside a bet's settlement (a second win of a round, a win on a free round). */
async function credit(sql: Sql, c: Call, wallet: Wallet, amount: bigint, key: string) {
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
async function recall(sql: Sql, c: Call, wallet: Wallet, amount: bigint, key: string) {
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

/**
 * A win settles its bet: the first one through `betting.settleBets` (seamless; a zero win
 * settles it lost), any further win of the round is paid as an extra credit. Accepted after the
 * session expired.
 */
async function win(c: Call, ref: repo.WalletTxRow | null): Promise<WalletAnswer> {
  if (!ref || ref.kind !== 'bet' || ref.user_id !== c.userId) throw new Answered('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (ref.status === 'rolled_back') throw new Answered('RS_ERROR_TRANSACTION_ROLLED_BACK');
  // No member lock: the round's wallet row is the lock (rollbacks take it after the member lock;
  // both then lock the bet and the ledger accounts, in that order). The member row is only
  // key-shared first (repo.lockForWin: the win row's foreign key needs it).
  return c.deps.db.tx(async (sql) => {
    const bet = await repo.lockForWin(sql, ref.id, c.userId);
    if (bet.status === 'rolled_back') throw new Answered('RS_ERROR_TRANSACTION_ROLLED_BACK');
    return payWin(sql, c, bet);
  });
}

/**
 * Pays a win on its bet's wallet row, locked by the caller: settles the bet or credits the
 * member, then one statement stores the win row and its call log with the balance after and
 * records the round's result.
 */
async function payWin(sql: Sql, c: Call, bet: repo.WalletTxRow): Promise<WalletAnswer> {
  const paid = BigInt(c.body.amount!);
  const key = `casino:win:${c.vendor.code}:${c.body.transaction_uuid}`;
  let settledBet: bigint | null = null;
  if (bet.wallet === 'money' && bet.bet_id !== null && bet.status === 'open') {
    const r = await settleBets(sql, c.deps.clock, key, [{ betId: bet.bet_id, outcome: paid > 0n ? 'won' : 'lost', winAmount: paid }]);
    if (r.settled.length === 1) settledBet = bet.bet_id;
  }
  if (settledBet === null) await credit(sql, c, bet.wallet, paid, key);
  // The balances are filled in by the statement (the balance after this payment).
  const t = row(c, {
    kind: 'win',
    game_type: bet.game_type,
    wallet: bet.wallet,
    amount: paid,
    bet_id: settledBet,
    status: 'done',
    answer_balance: 0n,
    balance_before: 0n,
    balance_after: 0n,
  });
  const shape = answerOf(c, 'RS_OK', 0n);
  const balance = await repo.finishWin(sql, t, shape, { method: c.method, body: c.raw }, bet.id);
  if (balance === null) throw new Taken();
  return { ...shape, balance: balance.toString() };
}

// ---- hot path (decision 021, "Hot path")

const LEVELS = [1, 2, 3, 4, 5, 6, 7];

/**
 * The common case of a bet or a win in as few round trips as possible: the prelude's checks ride
 * in the money transaction's own statements. Anything else (a replay, a refusal, not enough
 * money, a limit, a transfer-mode session) rolls the attempt back whole and answers null: the
 * careful path below decides it from scratch, as before.
 */
async function hotPath(c: Call, nonce: string): Promise<WalletAnswer | null> {
  if (c.body.currency !== c.currency) return null;
  try {
    if (c.method === 'balance') return await hotBalance(c, nonce);
    if (c.method === 'rollback') return null;
    return c.method === 'bet' ? await hotBet(c, nonce) : await hotWin(c, nonce);
  } catch (e) {
    if (e instanceof Miss || e instanceof Taken || e instanceof Answered || e instanceof AppError) return null;
    throw e;
  }
}

/** The game type from the game code alone (the session's product is not read here). */
const knownGameType = (vendor: VendorAdapter, gameCode: string) => vendor.products().find((p) => p.games.some((g) => g.code === gameCode))?.type;

/**
 * A seamless bet in one statement, no BEGIN/COMMIT: `placeBet`'s (member lock as its guard, stake
 * posting, bet row) carrying the wallet's own rows and checks (`repo.betThenMany`, alone or in a batch).
 */
async function hotBet(c: Call, nonce: string): Promise<WalletAnswer | null> {
  const stake = BigInt(c.body.amount!);
  const gameType = knownGameType(c.vendor, c.body.game_code!);
  if (stake === 0n || !gameType || (await vendorWalletMode(c.deps.db, c.vendor)) !== 'seamless') return null;
  const gs = await getGameSettings(c.deps.db, `${gameType}:${c.vendor.code}`);
  // The levels that may stake this amount; the statement checks the member's level against them.
  const levels = LEVELS.filter((n) => {
    const l = levelSettings(gs, n);
    return l.allowed && stake >= BigInt(l.min_bet) && stake <= BigInt(l.max_bet);
  });
  if (!gs.betting_allowed || levels.length === 0) return null;
  // The wallet row's values known before the bet; the bet's id and balances come from `attached`.
  const t = row(c, {
    kind: 'bet',
    game_type: gameType,
    wallet: 'money',
    amount: stake,
    status: 'open',
    answer_balance: 0n,
    balance_before: 0n,
    balance_after: 0n,
  });
  const requestId = `${c.vendor.code}:${c.body.transaction_uuid}`;
  const item: repo.BatchBetItem = {
    t,
    nonce,
    token: c.body.token,
    levelMask: levels.reduce((m, n) => m | (1 << n), 0),
    body: c.raw,
    user: c.body.user,
    currency: c.currency,
    betRequestId: requestId,
  };
  // Bets arriving together go in one statement and one commit (betting's group commit).
  const rows: BatchChain<repo.BatchBetItem> = { name: 'casino_bet', item, build: (items) => repo.betThenMany(items, [...ACTIVE_STATUSES]) };
  let statements = 0;
  const sql = observe(c.deps.db, () => statements++);
  try {
    const b = await placeBet(
      sql,
      c.deps.clock,
      {
        userId: c.userId,
        gameType,
        game: c.body.game_code!,
        vendor: c.vendor.code,
        round: c.body.round!,
        betType: 'single',
        selections: [],
        odds: '1.00',
        amount: stake,
        requestId,
      },
      rows,
    );
    // One statement (or none: another bet's call sent the batch that posted this one): the
    // posting inserted the bet, so our rows went with it. More (a ledger replay, a member with a
    // loss limit, accounts opened first, a batch that posted it not): the nonce says whether they did.
    if (statements > 1 && !(await repo.nonceTaken(c.deps.db, c.vendor.code, nonce))) throw new Miss();
    rememberBet(c.deps.db, c.vendor.code, c.body.transaction_uuid!, { userId: c.userId, betId: b.id, amount: stake, gameType, game: c.body.game_code! });
    return answerOf(c, 'RS_OK', b.money_after);
  } catch (e) {
    const constraint = (e as { constraint?: string }).constraint;
    if (constraint === repo.REFUSED_CONSTRAINT || constraint === repo.TAKEN_CONSTRAINT) throw new Miss();
    throw e;
  }
}

/** A balance: one statement, no transaction. */
async function hotBalance(c: Call, nonce: string): Promise<WalletAnswer | null> {
  const balance = await repo.balanceCall(c.deps.db, {
    vendor: c.vendor.code,
    nonce,
    at: c.at,
    token: c.body.token,
    userId: c.userId,
    requestUuid: c.body.request_uuid,
    user: c.body.user,
    currency: c.currency,
    body: c.raw,
  });
  return balance === null ? null : answerOf(c, 'RS_OK', balance);
}

/**
 * A seamless win on an open bet in one statement, no BEGIN/COMMIT: the bet as this process
 * placed it (`placed-bets.ts`; else its wallet row read first, no lock), then betting's
 * one-statement settlement (alone or with the wins arriving at the same time) carrying the
 * wallet's checks as its guard (`repo.winGuardMany`: member key-share, the wallet row locked
 * while open, token, own id) and its rows as its `then` (`repo.winThenMany`: nonce, touch, win
 * row, call log, round result). The bet is settled only if it is still as read (open, the stake
 * of the wallet row, never settled before); anything else writes nothing and the careful path
 * decides — or, for a win that is not its bet's first settlement, the previous transaction
 * (`hotWinInTx`).
 */
async function hotWin(c: Call, nonce: string): Promise<WalletAnswer> {
  const refUuid = c.body.reference_transaction_uuid!;
  const bet = takeBet(c.deps.db, c.vendor.code, refUuid, c.userId) ?? (await openSeamlessBet(c, refUuid));
  if (!bet) return hotWinInTx(c, nonce);
  const paid = BigInt(c.body.amount!);
  const t = row(c, {
    kind: 'win',
    game_type: bet.gameType,
    wallet: 'money',
    amount: paid,
    bet_id: bet.betId,
    status: 'done',
    answer_balance: 0n,
    balance_before: 0n,
    balance_after: 0n,
  });
  const item: repo.BatchWinItem = { t, nonce, token: c.body.token, body: c.raw, user: c.body.user, currency: c.currency, betId: bet.betId };
  // Wins arriving together go in one statement and one commit (betting's group commit).
  const rows: SettleChain<repo.BatchWinItem> = { name: 'casino_win', item, guard: repo.winGuardMany, then: repo.winThenMany };
  try {
    const r = await settleOneBet(
      c.deps.db,
      c.deps.clock,
      {
        // The bet as its wallet row describes it (odds 1.00, settled for the first time); the
        // settlement's guard checks that under the bet's lock.
        bet: { id: bet.betId, user_id: c.userId, game_type: bet.gameType, game: bet.game, amount: bet.amount, potential_win: bet.amount, settle_count: 0 },
        outcome: paid > 0n ? 'won' : 'lost',
        winAmount: paid,
        batchKey: `casino:win:${c.vendor.code}:${c.body.transaction_uuid}`,
      },
      rows,
    );
    if (!r.settled) throw new Miss();
    return answerOf(c, 'RS_OK', r.playerAfter);
  } catch (e) {
    const constraint = (e as { constraint?: string }).constraint;
    if (constraint === repo.REFUSED_CONSTRAINT || constraint === repo.TAKEN_CONSTRAINT) throw new Miss();
    throw e;
  }
}

/** The round's bet as its wallet row stands (no lock), when it is an open seamless bet of this member. */
async function openSeamlessBet(c: Call, refUuid: string): Promise<PlacedBet | null> {
  const ref = await repo.findTx(c.deps.db, c.vendor.code, refUuid);
  if (!ref || ref.kind !== 'bet' || ref.user_id !== c.userId || ref.wallet !== 'money' || ref.bet_id === null || ref.status !== 'open') return null;
  return { userId: c.userId, betId: ref.bet_id, amount: ref.amount, gameType: ref.game_type, game: ref.game };
}

/** A win in a transaction: BEGIN, one statement that takes the nonce, checks the call and locks the bet's wallet row, the payment, COMMIT. */
async function hotWinInTx(c: Call, nonce: string): Promise<WalletAnswer> {
  return c.deps.db.tx(async (sql) => {
    const bet = await repo.startWin(sql, {
      vendor: c.vendor.code,
      nonce,
      at: c.at,
      token: c.body.token,
      userId: c.userId,
      txUuid: c.body.transaction_uuid!,
      refUuid: c.body.reference_transaction_uuid!,
    });
    if (!bet) throw new Miss();
    return payWin(sql, c, bet);
  });
}

/**
 * A rollback undoes what it references: a bet gets its stake back and any win paid on it taken
 * back (decision 021: a rollback after a win undoes the win too, recalling what the member still
 * holds); a win is taken back (its bet reopens). A rollback whose bet never arrived records a
 * tombstone under the bet's id, so the late bet is refused.
 */
async function rollback(c: Call, ref: repo.WalletTxRow | null, sessionWallet: Wallet): Promise<WalletAnswer> {
  if (ref && (ref.kind === 'rollback' || ref.user_id !== c.userId)) throw new Answered('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  return c.deps.db.tx(async (sql) => {
    await lockMember(sql, c.userId);
    const cur = ref && (await repo.lockTx(sql, ref.id));
    const wallet = cur?.wallet ?? sessionWallet;
    const key = `casino:rollback:${c.vendor.code}:${c.body.transaction_uuid}`;
    if (!cur) {
      const tomb = row(c, {
        transaction_uuid: c.body.reference_transaction_uuid!,
        reference_uuid: null,
        kind: 'tombstone',
        wallet,
        amount: 0n,
        status: 'rolled_back',
        answer_balance: 0n,
        balance_before: 0n,
        balance_after: 0n,
      });
      if ((await repo.insertTx(sql, tomb, null)) === null) throw new Taken();
    } else if (cur.status !== 'rolled_back' && cur.kind === 'bet') {
      const wins = await repo.winsOf(sql, c.vendor.code, cur.transaction_uuid);
      const viaBetting = cur.wallet === 'money' && cur.bet_id !== null;
      if (viaBetting) {
        if (cur.status === 'settled' && wins.some((w) => w.bet_id !== null)) await unsettleBets(sql, c.deps.clock, key, [cur.bet_id!], { force: true });
        await cancelBet(sql, c.deps.clock, cur.bet_id!, 'feed');
      }
      const extra = wins.filter((w) => !viaBetting || w.bet_id === null).reduce((a, w) => a + w.amount, 0n);
      const refund = viaBetting ? 0n : cur.amount;
      if (refund > extra) await credit(sql, c, cur.wallet, refund - extra, key);
      else await recall(sql, c, cur.wallet, extra - refund, key);
      await repo.markRolledBack(sql, [cur.id, ...wins.map((w) => w.id)]);
    } else if (cur.status !== 'rolled_back' && cur.kind === 'win') {
      const found = await repo.findTx(sql, c.vendor.code, cur.reference_uuid!);
      const bet = found && (await repo.lockTx(sql, found.id));
      if (cur.bet_id !== null) await unsettleBets(sql, c.deps.clock, key, [cur.bet_id], { force: true });
      else await recall(sql, c, cur.wallet, cur.amount, key);
      await repo.markRolledBack(sql, [cur.id]);
      if (bet) {
        const left = bet.win_amount - cur.amount;
        const reopened = cur.bet_id !== null || left === 0n;
        await repo.setRoundResult(
          sql,
          bet.id,
          left < 0n ? 0n : left,
          (await getBalances(sql, c.userId))[wallet],
          reopened ? 'open' : 'settled',
          reopened ? null : c.at,
        );
      }
    }
    const balance = (await getBalances(sql, c.userId))[wallet];
    const answer = answerOf(c, 'RS_OK', balance);
    const t = row(c, {
      kind: 'rollback',
      game_type: cur?.game_type ?? gameTypeOf(c.vendor, c.body.game_code!, null),
      wallet,
      amount: 0n,
      status: 'done',
      answer_balance: balance,
      balance_before: balance,
      balance_after: balance,
    });
    if ((await repo.insertTx(sql, t, logOf(c, answer))) === null) throw new Taken();
    if (cur && cur.kind === 'bet') await repo.setRoundResult(sql, cur.id, cur.win_amount, balance, 'rolled_back', c.at);
    return answer;
  });
}
