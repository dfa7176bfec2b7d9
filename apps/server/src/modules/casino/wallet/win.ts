import { rollBack, txOrRollback, type Sql } from '../../../platform/db.ts';
import { settleBets, settleOneBet, type SettleChain } from '../../betting/index.ts';
import { takeBet, type PlacedBet } from '../placed-bets.ts';
import * as repo from '../repo.ts';
import { MISS, TAKEN, isMiss, answered, refused, type Answered, type CarefulOutcome, type FastOutcome, type Taken } from './answer.ts';
import { answerOf, credit, row, unlessRefused, type Call, type Checked } from './shared.ts';

// A win settles its bet: the first one through betting (seamless; a zero win settles it lost),
// any further win of the round is paid as an extra credit. Accepted after the session expired.
// No member lock: the round's bet wallet row is the lock (rollbacks take it after the member
// lock; both then lock the bet and the ledger accounts, in that order). The member row is only
// key-shared first: the win row's foreign key needs it (decision 021, the deadlock).

/**
 * Fast: a seamless win on an open bet in one statement, no BEGIN/COMMIT: the bet as this process
 * placed it (`placed-bets.ts`; else its wallet row read first, no lock), then betting's
 * one-statement settlement (alone or with the wins arriving at the same time) carrying the
 * wallet's checks as its guard (`repo.winGuardMany`: member key-share, the wallet row locked
 * while open, token, own id) and its rows as its `then` (`repo.winThenMany`: nonce, touch, win
 * row, call log, round result). The bet is settled only if it is still as read (open, the stake
 * of the wallet row, never settled before); anything else writes nothing and the careful path
 * decides — or, for a win that is not its bet's first settlement, `fastWinInTx`.
 */
export async function fastWin(c: Call, nonce: string): Promise<FastOutcome> {
  const refUuid = c.body.reference_transaction_uuid!;
  const bet = takeBet(c.deps.db, c.vendor.code, refUuid, c.userId) ?? (await openSeamlessBet(c, refUuid));
  if (!bet) return fastWinInTx(c, nonce);
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
  const r = await unlessRefused(
    settleOneBet(
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
    ),
  );
  if (isMiss(r) || !r.settled) return MISS;
  return answered(answerOf(c, 'RS_OK', r.playerAfter));
}

/** The round's bet as its wallet row stands (no lock), when it is an open seamless bet of this member. */
async function openSeamlessBet(c: Call, refUuid: string): Promise<PlacedBet | null> {
  const ref = await repo.findTx(c.deps.db, c.vendor.code, refUuid);
  if (!ref || ref.kind !== 'bet' || ref.user_id !== c.userId || ref.wallet !== 'money' || ref.bet_id === null || ref.status !== 'open') return null;
  return { userId: c.userId, betId: ref.bet_id, amount: ref.amount, gameType: ref.game_type, game: ref.game };
}

/** Fast, in a transaction: BEGIN, one statement that takes the nonce, checks the call and locks the bet's wallet row, the payment, COMMIT. */
async function fastWinInTx(c: Call, nonce: string): Promise<FastOutcome> {
  // Rolled back on a miss: the statement took the nonce, which the careful path's prelude takes again.
  return txOrRollback<FastOutcome>(c.deps.db, async (sql) => {
    const bet = await repo.startWin(sql, {
      vendor: c.vendor.code,
      nonce,
      at: c.at,
      token: c.body.token,
      userId: c.userId,
      txUuid: c.body.transaction_uuid!,
      refUuid: c.body.reference_transaction_uuid!,
    });
    if (!bet) return rollBack(MISS);
    const paid = await payWin(sql, c, bet);
    return paid.kind === 'taken' ? rollBack(MISS) : paid;
  });
}

/** Careful: the referenced bet must be this member's and not rolled back; its wallet row is locked, then paid. */
export async function carefulWin(c: Call, k: Checked): Promise<CarefulOutcome> {
  const ref = k.pre.ref;
  if (!ref || ref.kind !== 'bet' || ref.user_id !== c.userId) return refused('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (ref.status === 'rolled_back') return refused('RS_ERROR_TRANSACTION_ROLLED_BACK');
  return txOrRollback<CarefulOutcome>(c.deps.db, async (sql) => {
    const bet = await repo.lockForWin(sql, ref.id, c.userId);
    // Rolled back since the prelude read it: nothing written yet, only the locks go.
    if (bet.status === 'rolled_back') return rollBack(refused('RS_ERROR_TRANSACTION_ROLLED_BACK'));
    const paid = await payWin(sql, c, bet);
    // The win's id was taken meanwhile: the payment goes back too.
    return paid.kind === 'taken' ? rollBack(paid) : paid;
  });
}

/**
 * Pays a win on its bet's wallet row, locked by the caller: settles the bet or credits the
 * member, then one statement stores the win row and its call log with the balance after and
 * records the round's result. Taken: the win's id was taken meanwhile (nothing of this
 * statement written); the caller rolls the payment back.
 */
async function payWin(sql: Sql, c: Call, bet: repo.WalletTxRow): Promise<Answered | Taken> {
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
  if (balance === null) return TAKEN;
  return answered({ ...shape, balance: balance.toString() });
}
