import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { adjustBalance } from './adjust.ts';
import { verifyLedger } from './service.ts';

/**
 * The ledger depends on audit only: whether a balance grant's receiver is a member is the
 * members module's rule, handed in by app.ts.
 */
export function ledgerRoutes(app: FastifyInstance, deps: Deps, members: { exists(id: bigint): Promise<boolean> }) {
  const admin = { auth: 'required' } as const;

  // The same checks as `npm run ledger:verify`, runnable while the server is up.
  defineCall(app, deps, '/api/admin/ledger/verify', admin, () => verifyLedger(deps.db));

  defineCall(app, deps, '/api/admin/ledger/adjust', admin, async ({ actor, body }) => {
    const r = await adjustBalance(deps, actor, BigInt(body.user_id), body.asset, BigInt(body.amount), body.memo, body.request_id, members.exists);
    return { transaction_id: Number(r.transactionId), balance: r.balance.toString() };
  });
}
