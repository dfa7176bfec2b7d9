import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as repo from './repo.ts';

export type MoveInput = { userId: bigint; parentId: bigint; memo?: string };

/**
 * Admin moves a member or an agent, with everything below it, under another agent (issue 18).
 * A member may go under any agent; an agent only under an agent of a higher tier (a smaller
 * propirty); never under itself or its own lower. History and audit commit with the move.
 */
export async function moveToParent(deps: Deps, actor: Actor, m: MoveInput) {
  return deps.db.tx(async (sql) => {
    await repo.lockMoves(sql);
    await repo.lockSubtree(sql, m.userId);
    const user = await repo.findWithTier(sql, m.userId);
    if (!user) throw notFound('Member not found.', 'member_not_found');
    const parent = await repo.findWithTier(sql, m.parentId);
    if (!parent || parent.role === 'user') throw notFound('Agent not found.', 'agent_not_found');
    if (user.parent_id === parent.id) throw new AppError(409, 'tree_same_parent', 'The account is already under this agent.');
    if (await repo.isInSubtree(sql, user.id, parent.id))
      throw new AppError(409, 'tree_move_cycle', 'An account cannot move under itself or one of its lower accounts.');
    if (user.role !== 'user' && parent.propirty >= user.propirty)
      throw new AppError(409, 'tree_parent_tier', 'An agent can only move under an agent of a higher tier.');
    const at = deps.clock.now();
    await repo.setParent(sql, user.id, parent.id, at);
    const memo = m.memo?.trim() || null;
    const historyId = await repo.insertParentMove(sql, {
      user_id: user.id,
      old_parent_id: user.parent_id,
      new_parent_id: parent.id,
      moved_by: actor.id === undefined || actor.id === null ? null : BigInt(actor.id),
      moved_at: at,
      memo,
    });
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'agent.tree.move',
      target: `user:${user.id}`,
      before: { parent_id: user.parent_id },
      after: { parent_id: parent.id, memo, history_id: historyId },
    });
    return { historyId };
  });
}

/** The admin's list of moves, newest first: of one user, or all. */
export async function parentHistory(deps: Deps, userId: bigint | null, skip: number) {
  const r = await repo.parentHistory(deps.db, userId, { skip, limit: 20 });
  return {
    rows: r.rows.map((h) => ({
      id: Number(h.id),
      user_id: Number(h.user_id),
      account: h.account,
      old_parent_id: h.old_parent_id === null ? null : Number(h.old_parent_id),
      old_parent_account: h.old_parent_account,
      new_parent_id: Number(h.new_parent_id),
      new_parent_account: h.new_parent_account,
      moved_by: h.moved_by === null ? null : Number(h.moved_by),
      moved_at: h.moved_at.toISOString(),
      memo: h.memo,
    })),
    total: r.total,
  };
}
