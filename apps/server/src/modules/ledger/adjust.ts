import type { Deps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { HOUSE, transfer, type Asset } from './service.ts';

/**
 * Admin grant (positive) or reclaim (negative) of a member's money, points or eggs. The
 * client's request id makes a retried click move the money once. `memberExists` is handed in by
 * the routes (members module), so the ledger depends on no module above it.
 */
export async function adjustBalance(
  deps: Deps,
  actor: Actor,
  userId: bigint,
  asset: Asset,
  amount: bigint,
  memo: string,
  requestId: string,
  memberExists: (userId: bigint) => Promise<boolean>,
) {
  if (amount === 0n) throw badRequest('amount: must not be 0', 'amount', 'amount_zero');
  if (!(await memberExists(userId))) throw notFound('Member not found.', 'member_not_found');
  return deps.db.tx(async (sql) => {
    const house = { house: HOUSE.adjustments, asset } as const;
    const mine = { user: userId, asset } as const;
    const r = await transfer(sql, deps.clock, {
      // Scoped to the admin: another admin's id never collides; the ledger refuses a reuse with
      // another member, asset or amount (409 idempotency_conflict).
      idempotencyKey: `admin-adjust:${actor.type}:${actor.id ?? ''}:${requestId}`,
      kind: amount > 0n ? 'admin.grant' : 'admin.reclaim',
      reason: { type: 'user', id: userId },
      memo,
      from: amount > 0n ? house : mine,
      to: amount > 0n ? mine : house,
      amount: amount > 0n ? amount : -amount,
    });
    if (!r.replayed)
      await writeAudit(sql, deps.clock, {
        actor,
        action: amount > 0n ? 'balance.grant' : 'balance.reclaim',
        target: `user:${userId}`,
        after: { asset, amount: amount.toString(), memo, transaction_id: r.transactionId.toString() },
      });
    return { transactionId: r.transactionId, balance: r.balances.get(`${userId}:${asset}`) ?? 0n };
  });
}
