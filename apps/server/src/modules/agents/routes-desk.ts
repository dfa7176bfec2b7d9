import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { lowerBankRequests, toBankRequest } from '../banking/index.ts';
import { assertInSubtree } from './tree.ts';

/**
 * The charge and exchange requests of the agent's subtree (spec §2 /pa-charge-history,
 * /pa-exchange-history; decision 032). Banking reads them (a join on the closure table); the tree's
 * owner checks a named account first, so a guessed id outside the subtree is 404 not_in_subtree.
 */
export function agentDeskListRoutes(app: FastifyInstance, deps: Deps) {
  defineCall(app, deps, '/api/agent/bank/lowerLogs', { auth: 'required' }, async ({ auth, body }) => {
    const userId = body.user_id === undefined ? undefined : BigInt(body.user_id);
    if (userId !== undefined) await assertInSubtree(deps.db, auth.subjectId, userId);
    const r = await lowerBankRequests(deps, auth.subjectId, { ...body, userId }, { skip: body.skip, limit: body.limit });
    return {
      rows: r.rows.map((x) => ({
        ...toBankRequest(x),
        user_id: Number(x.user_id),
        account: x.account,
        nickname: x.nickname,
        role: x.role,
        parent_account: x.parent_account,
      })),
      total: r.total,
      amount: r.amount.toString(),
      approved_amount: r.approved.toString(),
    };
  });
}
