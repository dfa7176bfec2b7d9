import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../audit/index.ts';
import { getUser } from '../members/index.ts';
import { limitsInForce, setLimits, type LimitPatch } from '../responsible/index.ts';
import { assertInSubtree } from './tree.ts';

// An agent and its members' protection limits (issue 23, decision 057): a player of the agent's
// subtree only (the same 404 outside it as every agent call); the agent reads the limits in force
// and may tighten them through responsible's setLimits, which refuses staff any raise or removal.
// Never the exclusion's kind or end, nor what waits: the member detail's `excluded` is all it sees.

async function playerBelow(deps: Deps, agentId: bigint, userId: bigint) {
  await assertInSubtree(deps.db, agentId, userId);
  const u = await getUser(deps.db, userId);
  if (!u || u.role !== 'user') throw notFound('Member not found.', 'member_not_found');
}

export async function agentMemberLimits(deps: Deps, agentId: bigint, userId: bigint) {
  await playerBelow(deps, agentId, userId);
  return { limits: await limitsInForce(deps, userId) };
}

export async function agentTightenLimits(deps: Deps, actor: Actor, agentId: bigint, userId: bigint, patch: LimitPatch) {
  await playerBelow(deps, agentId, userId);
  await setLimits(deps, userId, patch, actor);
  return { limits: await limitsInForce(deps, userId) };
}
