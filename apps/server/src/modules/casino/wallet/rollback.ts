import { rollBack, txOrRollback } from '../../../platform/db.ts';
import { cancelBet, unsettleBets } from '../../betting/index.ts';
import { getBalances } from '../../ledger/index.ts';
import { lockMember } from '../../members/index.ts';
import * as repo from '../repo.ts';
import { TAKEN, answered, refused, type CarefulOutcome } from './answer.ts';
import { answerOf, credit, gameTypeOf, logOf, recall, row, type Call, type Checked } from './shared.ts';

// A rollback undoes what it references: a bet gets its stake back and any win paid on it taken
// back (decision 021: a rollback after a win undoes the win too, recalling what the member still
// holds); a win is taken back (its bet reopens). A rollback whose bet never arrived records a
// tombstone under the bet's id, so the late bet is refused.
//
// No fast path: rollbacks are rare, and the careful path's transaction is their only form.

/** Careful: under the member lock, the referenced row locked and undone, then the rollback row and its call log. */
export async function carefulRollback(c: Call, k: Checked): Promise<CarefulOutcome> {
  const ref = k.pre.ref;
  if (ref && (ref.kind === 'rollback' || ref.user_id !== c.userId)) return refused('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  // Rolled back when an id is found taken (a concurrent call's tombstone or rollback): whatever
  // this one undid is undone again, and the entry decides from what is stored.
  return txOrRollback<CarefulOutcome>(c.deps.db, async (sql) => {
    await lockMember(sql, c.userId);
    const cur = ref && (await repo.lockTx(sql, ref.id));
    const wallet = cur?.wallet ?? k.sessionWallet;
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
      if ((await repo.insertTx(sql, tomb, null)) === null) return rollBack(TAKEN);
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
    if ((await repo.insertTx(sql, t, logOf(c, answer))) === null) return rollBack(TAKEN);
    if (cur && cur.kind === 'bet') await repo.setRoundResult(sql, cur.id, cur.win_amount, balance, 'rolled_back', c.at);
    return answered(answer);
  });
}
