import type { CallBody, DownlineRow } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { getUser } from '../members/index.ts';
import { excludedMembers } from '../responsible/index.ts';
import { shapePage } from './page-shape.ts';
import { downline } from './tree.ts';

type Filter = CallBody<'/api/agent/user/list'>;

/**
 * One page of the asking agent's downline (spec §2 /pa-agent-user-list and /pa-child-user-list):
 * everyone below it, or its direct lower agents only; the `role` filter makes the members-only
 * (/pa-users) and one-tier (/pa-agent-user-list-by-role) screens. A member token asks for nothing.
 */
export async function listDownline(deps: Deps, agentId: bigint, directAgents: boolean, body: Filter) {
  const me = await getUser(deps.db, agentId);
  if (!me || me.role === 'user') throw notFound('Agent not found.', 'agent_not_found');
  const page = await downline(
    deps.db,
    agentId,
    { direct: directAgents, agentsOnly: directAgents },
    { search: body?.search || undefined, status: body?.status, role: body?.role },
    { skip: body?.skip ?? 0, limit: 20 },
  );
  const excluded = await excludedMembers(
    deps.db,
    page.rows.map((r) => r.id),
    deps.clock.now(),
  );
  return shapePage(page, (r) => toDownlineRow(r, excluded.has(r.id)));
}

type Lower = Awaited<ReturnType<typeof downline>>['rows'][number];
const toDownlineRow = (r: Lower, excluded: boolean): DownlineRow => ({
  id: Number(r.id),
  account: r.account,
  nickname: r.nickname,
  role: r.role,
  level: r.level,
  money: (r.money ?? 0n).toString(),
  point: (r.point ?? 0n).toString(),
  status: r.status as DownlineRow['status'],
  parent_id: r.parent_id === null ? null : Number(r.parent_id),
  parent_account: r.parent_account,
  depth: r.depth,
  created_at: r.created_at.toISOString(),
  rolling_json: r.rolling_json,
  parent_rolling_json: r.parent_rolling_json,
  excluded,
});
