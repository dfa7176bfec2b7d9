import type { Clock } from '../../platform/clock.ts';
import type { Sql } from '../../platform/db.ts';
import { conflict, insufficientFunds } from '../../platform/errors.ts';
import { getBalances, transfer } from '../ledger/index.ts';
import { rollingTypeOfRow } from './drain.ts';
import * as repo from './payback-repo.ts';
import { RATE_SCALE, ratesOf, ROLLING_GAME_TYPES, type RateKey } from './rates.ts';

export type PaybackOrder = { agentId: bigint; memberId: bigint; rollingJson: Partial<Record<RateKey, number | string>>; requestId: string };
/** `net` > 0 was paid to the member, < 0 collected from it; `transactionId` null when they cancelled out. */
export type PaybackDone = { net: bigint; paid: bigint; collected: bigint; bets: number; transactionId: bigint | null };

/**
 * Pays or collects one member's own rolling (spec §4 bulk "pay or collect rolling", decision 061):
 * the member's rate for each game type × the stake of every settlement that earns rolling and was
 * not paid yet, floored per bet in whole won, less what was paid for settlements that no longer
 * stand (re-entered, rolled back, cancelled). The agent pays the net from its own money, or takes
 * it back into its own money, in one ledger transaction, with the rows that say which bets it was
 * for. The caller holds the member lock on both and stores the answer under its request id.
 */
export async function payOrCollectRolling(sql: Sql, clock: Clock, o: PaybackOrder): Promise<PaybackDone> {
  const rates = ratesOf(o.rollingJson);
  const stale = await repo.stalePaybacks(sql, o.memberId);
  const hasRate = ROLLING_GAME_TYPES.some((t) => rates[t] > 0n);
  // A member without a rate earns nothing; its bets stay unpaid, so a rate given later pays them.
  const unpaid = hasRate ? await repo.unpaidBets(sql, o.memberId) : [];
  if (unpaid.length === 0 && stale.length === 0)
    throw conflict(hasRate ? 'No rolling to pay or collect.' : 'The member has no rolling rate.', hasRate ? 'rolling_nothing_due' : 'rolling_no_rate');

  const fresh = unpaid.map((b) => {
    const gameType = rollingTypeOfRow(b);
    const rate = rates[gameType];
    return { bet_id: b.bet_id, stage: b.stage, game_type: gameType, rate, base: b.amount, amount: (rate * b.amount) / RATE_SCALE };
  });
  const paid = fresh.reduce((s, r) => s + r.amount, 0n);
  const collected = stale.reduce((s, r) => s + r.amount, 0n);
  const net = paid - collected;

  let transactionId: bigint | null = null;
  if (net !== 0n) {
    const paying = net > 0n;
    const payer = paying ? o.agentId : o.memberId;
    const held = (await getBalances(sql, payer)).money;
    // Checked before posting: a failed statement would abort the whole bulk transaction.
    if (held < (paying ? net : -net))
      throw paying
        ? insufficientFunds()
        : conflict('The member holds less than the rolling to collect.', 'rolling_collect_exceeds', { amount: held.toString() });
    const agentSide = { user: o.agentId, asset: 'money' } as const;
    const memberSide = { user: o.memberId, asset: 'money' } as const;
    const r = await transfer(sql, clock, {
      idempotencyKey: `rolling-payback:${o.agentId}:${o.requestId}:${o.memberId}`,
      kind: paying ? 'rolling.payback' : 'rolling.collect',
      reason: { type: 'user', id: o.memberId },
      from: paying ? agentSide : memberSide,
      to: paying ? memberSide : agentSide,
      amount: paying ? net : -net,
    });
    transactionId = r.transactionId;
  }
  const at = clock.now();
  await repo.insertPaybacks(sql, o.memberId, o.agentId, transactionId, at, fresh);
  await repo.markCollected(sql, o.agentId, transactionId, at, stale);
  return { net, paid, collected, bets: fresh.length + stale.length, transactionId };
}
