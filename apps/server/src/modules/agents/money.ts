import type { AgentMoneyStatus } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, insufficientFunds } from '../../platform/errors.ts';
import { findRequestAnswer, saveRequestAnswer } from '../../platform/request-answers.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { getBalances, transfer } from '../ledger/index.ts';
import { assertAllowed, lockMember, statusError } from '../members/index.ts';
import { assertInSubtree } from './tree.ts';

/** One grant or reclaim an agent asks for (spec §4, §6, §7; decision 029). */
export type AgentMoneyMove = {
  asset: 'money' | 'point';
  status: AgentMoneyStatus;
  amount: bigint;
  userId: bigint;
  memo?: string;
  requestId: string;
};

export type AgentMoneyAnswer = { transaction_id: number; status: AgentMoneyStatus; amount: string; balance: string; agent_balance: string };

/**
 * Moves money or points between the agent's own balance and a sub-account's, through the ledger:
 * a grant from the agent to the sub-account, a reclaim back. Both members are locked first, in
 * ascending id order (the member lock; the agent's other grants wait, so twenty at once never
 * overdraw it). Then, under the locks: an earlier answer to this request id is returned as it was;
 * the agent must still be active and not restricted from managing its lower accounts
 * (`lower_creation`, spec §5 "lower creation and management"); the target must be in its subtree
 * and not itself; the side that pays must hold the amount. Refusals store nothing, so a retry
 * after the cause is fixed runs afresh.
 */
export async function moveAgentMoney(deps: Deps, actor: Actor & { id: bigint }, m: AgentMoneyMove): Promise<AgentMoneyAnswer> {
  const agentId = actor.id;
  if (m.userId === agentId) throw badRequest('An agent cannot grant to or reclaim from itself.', 'user_id', 'agent_money_self');
  // Scoped to the agent: another agent's request id never collides. The payload tells an exact
  // repeat (first answer) from a reuse with other values (409 idempotency_conflict).
  const scope = `agent-money:${agentId}`;
  const payload = { asset: m.asset, status: m.status, amount: m.amount.toString(), user_id: m.userId.toString(), memo: m.memo ?? null };
  return deps.db.tx(async (sql) => {
    const agent = await lockBoth(sql, agentId, m.userId);
    const seen = await findRequestAnswer(sql, scope, m.requestId, payload);
    if (seen) return seen as AgentMoneyAnswer;
    const denied = statusError(agent.status);
    if (denied) throw denied;
    await assertAllowed(sql, agentId, 'lower_creation');
    await assertInSubtree(sql, agentId, m.userId);

    const grant = m.status === 'grant';
    const payer = grant ? agentId : m.userId;
    const held = (await getBalances(sql, payer))[m.asset];
    if (held < m.amount) throw shortOf(grant, held);
    const agentSide = { user: agentId, asset: m.asset } as const;
    const userSide = { user: m.userId, asset: m.asset } as const;
    const r = await transfer(sql, deps.clock, {
      idempotencyKey: `agent-money:${agentId}:${m.requestId}`,
      kind: `agent.${m.status}`,
      reason: { type: 'user', id: m.userId },
      memo: m.memo || undefined,
      from: grant ? agentSide : userSide,
      to: grant ? userSide : agentSide,
      amount: m.amount,
    }).catch((e: unknown) => {
      // Balances can rise without the member lock (a seamless win) but never fall: the check above
      // holds, and the ledger's own CHECK is the backstop. Named by the side that pays all the same.
      throw e instanceof AppError && e.code === 'insufficient_funds' ? shortOf(grant, held) : e;
    });
    const answer: AgentMoneyAnswer = {
      transaction_id: Number(r.transactionId),
      status: m.status,
      amount: m.amount.toString(),
      balance: (r.balances.get(`${m.userId}:${m.asset}`) ?? 0n).toString(),
      agent_balance: (r.balances.get(`${agentId}:${m.asset}`) ?? 0n).toString(),
    };
    await writeAudit(sql, deps.clock, {
      actor,
      action: `agent.${m.asset}.${m.status}`,
      target: `user:${m.userId}`,
      after: { asset: m.asset, amount: m.amount.toString(), memo: m.memo ?? null, transaction_id: r.transactionId.toString() },
    });
    await saveRequestAnswer(sql, scope, m.requestId, answer, deps.clock.now(), payload);
    return answer;
  });
}

/** The member lock on the agent and the target, ascending id (every path locks members in that order). */
async function lockBoth(sql: Sql, agentId: bigint, userId: bigint) {
  let agent;
  for (const id of agentId < userId ? [agentId, userId] : [userId, agentId]) {
    const row = await lockMember(sql, id);
    if (id === agentId) agent = row;
  }
  // The caller is signed in, so its row exists; a missing target is answered by the subtree check.
  if (!agent) throw forbidden();
  return agent;
}

/** A grant the agent cannot cover, or a reclaim above what the sub-account holds. */
function shortOf(grant: boolean, held: bigint) {
  return grant ? insufficientFunds() : conflict('The account holds less than the amount to reclaim.', 'agent_reclaim_exceeds', { amount: held.toString() });
}
