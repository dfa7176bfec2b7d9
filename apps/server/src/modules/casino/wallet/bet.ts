import { observe, rollBack, txOrRollback } from '../../../platform/db.ts';
import { placeBet, type BatchChain } from '../../betting/index.ts';
import { HOUSE, getBalances, transfer } from '../../ledger/index.ts';
import { ACTIVE_STATUSES, lockMember } from '../../members/index.ts';
import { getGameSettings, levelSettings } from '../../settings/index.ts';
import { rememberBet } from '../placed-bets.ts';
import * as repo from '../repo.ts';
import { vendorWalletMode } from '../service.ts';
import { MISS, TAKEN, isMiss, answered, refused, type CarefulOutcome, type FastOutcome, type Refused } from './answer.ts';
import { answerOf, gameTypeOf, knownGameType, logOf, mine, row, unlessRefused, walletOf, type Call, type Checked } from './shared.ts';

// A bet: seamless wallets stake the member's money through `betting.placeBet` (member lock, loss
// limit, bet row); transfer and switching wallets stake the casino balance straight into
// house:casino_vendor. The wallet row and the call log are written with the stake.

const LEVELS = [1, 2, 3, 4, 5, 6, 7];

/** The betting row's request id: the vendor's transaction id, so both paths place the same bet. */
const betRequestId = (c: Call) => `${c.vendor.code}:${c.body.transaction_uuid}`;

/** The seamless bet both paths hand `placeBet` (odds 1.00: the vendor decides the win). */
const seamlessBet = (c: Call, gameType: 'casino' | 'slot', stake: bigint) => ({
  userId: c.userId,
  gameType,
  game: c.body.game_code!,
  vendor: c.vendor.code,
  round: c.body.round!,
  betType: 'single' as const,
  selections: [],
  odds: '1.00',
  amount: stake,
  requestId: betRequestId(c),
});

/**
 * Fast: a seamless bet in one statement, no BEGIN/COMMIT: `placeBet`'s (member lock as its guard,
 * stake posting, bet row) carrying the wallet's own rows and checks (`repo.betThenMany`, alone or
 * in a batch with the bets arriving at the same moment). A failed check or a taken id aborts the
 * whole statement (stake and bet row included); a miss then, and the careful path decides.
 */
export async function fastBet(c: Call, nonce: string): Promise<FastOutcome> {
  const stake = BigInt(c.body.amount!);
  const gameType = knownGameType(c.vendor, c.body.game_code!);
  if (stake === 0n || !gameType || (await vendorWalletMode(c.deps.db, c.vendor)) !== 'seamless') return MISS;
  const gs = await getGameSettings(c.deps.db, `${gameType}:${c.vendor.code}`);
  // The levels that may stake this amount; the statement checks the member's level against them.
  const levels = LEVELS.filter((n) => {
    const l = levelSettings(gs, n);
    return l.allowed && stake >= BigInt(l.min_bet) && stake <= BigInt(l.max_bet);
  });
  if (!gs.betting_allowed || levels.length === 0) return MISS;
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
  const requestId = betRequestId(c);
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
  const b = await unlessRefused(placeBet(sql, c.deps.clock, seamlessBet(c, gameType, stake), rows));
  if (isMiss(b)) return MISS;
  // One statement (or none: another bet's call sent the batch that posted this one): the
  // posting inserted the bet, so our rows went with it. More (a ledger replay, a member with a
  // loss limit, accounts opened first, a batch that posted it not): the nonce says whether they did.
  if (statements > 1 && !(await repo.nonceTaken(c.deps.db, c.vendor.code, nonce))) return MISS;
  const bet = { userId: c.userId, betId: b.id, amount: stake, gameType, game: c.body.game_code! };
  rememberBet(c.deps.db, c.vendor.code, c.body.transaction_uuid!, bet, c.deps.clock.now().getTime());
  return answered(answerOf(c, 'RS_OK', b.money_after));
}

/** Careful: the prelude's checks (live session, active member, the game's limits), then the stake, the wallet row and the call log in one transaction. */
export async function carefulBet(c: Call, k: Checked): Promise<CarefulOutcome> {
  if (!k.live) return refused('RS_ERROR_TOKEN_EXPIRED');
  if (!ACTIVE_STATUSES.has(k.user.status)) return refused('RS_ERROR_INVALID_TOKEN');
  const stake = BigInt(c.body.amount!);
  const wallet = walletOf(k.session.wallet_mode);
  const gameType = gameTypeOf(c.vendor, c.body.game_code!, k.session.product);
  const limit = await limitRefusal(c, gameType, k.user.level, stake);
  if (limit) return limit;
  return txOrRollback<CarefulOutcome>(c.deps.db, async (sql) => {
    let before: bigint;
    let after: bigint;
    let betId: bigint | null = null;
    if (stake > 0n && wallet === 'money') {
      const b = await placeBet(sql, c.deps.clock, seamlessBet(c, gameType, stake));
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
    // The id was taken meanwhile (a concurrent duplicate or tombstone): the stake goes back too.
    if ((await repo.insertTx(sql, t, logOf(c, answer))) === null) return rollBack(TAKEN);
    return answered(answer);
  });
}

/** The vendor's game settings for the member's level: betting allowed, the stake within its bounds. */
async function limitRefusal(c: Call, gameType: string, level: number, amount: bigint): Promise<Refused | null> {
  const gs = await getGameSettings(c.deps.db, `${gameType}:${c.vendor.code}`);
  const l = levelSettings(gs, level);
  if (!gs.betting_allowed || !l.allowed) return refused('RS_ERROR_LIMIT_REACHED');
  if (amount > 0n && (amount < BigInt(l.min_bet) || amount > BigInt(l.max_bet))) return refused('RS_ERROR_LIMIT_REACHED');
  return null;
}
