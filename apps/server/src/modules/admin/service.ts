import type { Deps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/service.ts';
import { HOUSE, transfer, totalUserBalance, type Asset } from '../ledger/service.ts';
import { getUser, memberCounts } from '../members/service.ts';
import { countLiveSessions } from '../auth/service.ts';

export async function dashboard(deps: Deps) {
  const [c, online, money, point] = await Promise.all([
    memberCounts(deps.db),
    countLiveSessions(deps),
    totalUserBalance(deps.db, 'money'),
    totalUserBalance(deps.db, 'point'),
  ]);
  return {
    members: c.members,
    agents: c.agents,
    online,
    money_total: money.toString(),
    point_total: point.toString(),
    pending_members: c.pending,
  };
}

/**
 * Admin grant (positive) or reclaim (negative) of a member's money, points or eggs. The
 * client's request id makes a retried click move the money once.
 */
export async function adjustBalance(deps: Deps, actor: Actor, userId: bigint, asset: Asset, amount: bigint, memo: string, requestId: string) {
  if (amount === 0n) throw badRequest('amount: must not be 0', 'amount');
  const user = await getUser(deps.db, userId);
  if (!user) throw notFound('Member not found.');
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
