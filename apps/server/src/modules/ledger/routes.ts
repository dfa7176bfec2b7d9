import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { getUser } from '../members/service.ts';
import { adjustBalance } from './adjust.ts';
import { verifyLedger } from './service.ts';

export function ledgerRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;

  // The same checks as `npm run ledger:verify`, runnable while the server is up.
  defineCall(app, deps, '/api/admin/ledger/verify', admin, () => verifyLedger(deps.db));

  defineCall(app, deps, '/api/admin/ledger/adjust', admin, async ({ actor, body }) => {
    const memberExists = async (id: bigint) => Boolean(await getUser(deps.db, id));
    const r = await adjustBalance(deps, actor, BigInt(body.user_id), body.asset, BigInt(body.amount), body.memo, body.request_id, memberExists);
    return { transaction_id: Number(r.transactionId), balance: r.balance.toString() };
  });
}
