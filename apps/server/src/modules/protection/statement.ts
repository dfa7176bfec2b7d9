import type { CallBody, CallData } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { userHistory } from '../ledger/index.ts';
import { addDays, periodOf } from './period.ts';

/**
 * A member's activity statement (issue 23, decision 059): every posting of their money or point
 * account over the period, newest first, with the balance after it. The balance is the one the
 * posting statement wrote with the posting under the account's lock (`ledger_postings.balance_after`,
 * checked by verifyLedger), read through the ledger's one reader of a member's postings.
 */
export async function memberStatement(deps: Deps, userId: bigint, body: CallBody<'/api/user/statement'>): Promise<CallData<'/api/user/statement'>> {
  const p = await periodOf(deps, body, (today) => addDays(today, -29));
  const r = await userHistory(deps.db, userId, body?.asset ?? 'money', p.since, p.until, body?.skip ?? 0, body?.limit ?? 50);
  return {
    from: p.from,
    to: p.to,
    rows: r.rows.map((x) => ({
      id: Number(x.id),
      at: x.created_at.toISOString(),
      kind: x.kind,
      memo: x.memo,
      amount: x.amount.toString(),
      balance: x.balance_after.toString(),
    })),
    total: r.total,
    credit: r.credit.toString(),
    debit: r.debit.toString(),
  };
}
