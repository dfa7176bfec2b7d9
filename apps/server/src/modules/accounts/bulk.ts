import type { BulkAction, BulkRowResult, MemberStatus } from '@wager/contracts';
import type { Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/http.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { findRequestAnswer, saveRequestAnswer } from '../../platform/request-answers.ts';
import { lowerIdsOf } from '../agents/index.ts';
import { payOrCollectRolling } from '../commissions/index.ts';
import { writeAudit } from '../audit/index.ts';
import { getBalances } from '../ledger/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { assertMayManage } from './service.ts';
import { bulkNextStatus } from './states.ts';

export type BulkRequest = { action: BulkAction; userIds: bigint[]; requestId: string };
export type BulkAnswer = { results: BulkRowResult[]; changed: number };

const NOT_IN_SUBTREE = 'not_in_subtree';

/**
 * One bulk action on accounts below the agent (spec §4, decision 035), in one transaction: the
 * accounts in its subtree are locked (the member lock, ascending id), then each is judged by the
 * state rules on its own; a refused account gets its code in its row and the others go on. Ids
 * outside the subtree, unknown ids and the agent itself all answer `not_in_subtree` and are never
 * locked. The answer is stored under the request id in the same transaction, after the locks, so
 * a retry (or the same request twice at once) answers the first result and changes nothing twice.
 */
export async function bulkLowerStates(deps: Deps, actor: Actor<'agent'>, req: BulkRequest): Promise<BulkAnswer> {
  const ids = [...new Set(req.userIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const scope = `agent-bulk:${actor.id}`;
  const payload = { action: req.action, user_ids: ids.map(String) };
  const settings = await getSettings(deps.db);
  return deps.db.tx(async (sql) => {
    await assertMayManage(sql, actor.id);
    const lower = await lowerIdsOf(sql, actor.id, ids);
    // Paying rolling moves the agent's own money: the agent is locked with the members, in id order.
    const locked = await repo.lockUsers(sql, req.action === 'rolling' ? [...lower, actor.id] : [...lower]);
    // Under the locks no move can take an account out of the subtree (a move locks what it moves).
    const stillLower = await lowerIdsOf(sql, actor.id, [...lower]);
    const seen = await findRequestAnswer(sql, scope, req.requestId, payload);
    if (seen) return seen as BulkAnswer;

    const byId = new Map(locked.map((r) => [BigInt(r.id), r]));
    const results: BulkRowResult[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || !stillLower.has(id)) {
        results.push({ user_id: Number(id), ok: false, code: NOT_IN_SUBTREE });
        continue;
      }
      try {
        if (req.action === 'rolling') {
          results.push(await rollingRow(sql, deps, actor, row, req.requestId));
          continue;
        }
        const deleting = req.action === 'delete' || req.action === 'delete_test';
        const holdsValue = deleting && Object.values(await getBalances(sql, id)).some((v) => v !== 0n);
        const next = bulkNextStatus(row, req.action, settings.partner_signup, holdsValue);
        await repo.setStatus(sql, id, next, deps.clock.now());
        await writeAudit(sql, deps.clock, {
          actor,
          action: `account.${req.action}`,
          target: `user:${id}`,
          before: { status: row.status },
          after: { status: next, bulk: req.requestId },
        });
        results.push({ user_id: Number(id), ok: true, status: next });
      } catch (e) {
        // A rule's refusal is this row's answer; anything else (a database error) ends the call.
        if (!(e instanceof AppError)) throw e;
        results.push({ user_id: Number(id), ok: false, code: e.code, ...paramsOf(e) });
      }
    }
    const answer: BulkAnswer = { results, changed: results.filter((r) => r.ok).length };
    await saveRequestAnswer(sql, scope, req.requestId, answer, deps.clock.now(), payload);
    return answer;
  });
}

/** Pays or collects one member's rolling (decision 061), audited with what moved. */
async function rollingRow(sql: Sql, deps: Deps, actor: Actor<'agent'>, row: repo.LockedUser, requestId: string): Promise<BulkRowResult> {
  if (row.role !== 'user') throw conflict('Only a member can be changed this way.', 'account_not_member');
  // A deleted account holds nothing and can spend nothing (decision 035): nothing is paid into it.
  if (row.status === 'deleted') throw conflict('The account cannot be paid in its current state.', 'account_state_invalid', { status: row.status });
  const memberId = BigInt(row.id);
  const done = await payOrCollectRolling(sql, deps.clock, { agentId: actor.id, memberId, rollingJson: row.rolling_json, requestId });
  await writeAudit(sql, deps.clock, {
    actor,
    action: `account.rolling.${done.net < 0n ? 'collect' : 'pay'}`,
    target: `user:${memberId}`,
    after: {
      net: done.net.toString(),
      paid: done.paid.toString(),
      collected: done.collected.toString(),
      bets: done.bets,
      transaction_id: done.transactionId?.toString() ?? null,
      bulk: requestId,
    },
  });
  return { user_id: Number(memberId), ok: true, status: row.status as MemberStatus, amount: done.net.toString() };
}

/** A refusal's text parameters (the state it found), as strings for the web's translation. */
function paramsOf(e: AppError): { params?: Record<string, string> } {
  const p = e.details?.params;
  if (!p || e.code === 'validation') return {};
  return { params: Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])) };
}
