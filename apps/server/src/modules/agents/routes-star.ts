import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { nodeOut } from './routes-tree.ts';
import { starChildren, starSearch } from './star.ts';
import type { TreeNodeRow } from './tree-nodes.ts';

/** The admin tree's node plus the tier, the point balance and the agents below it. */
const starOut = (n: TreeNodeRow) => ({ ...nodeOut(n), propirty: n.propirty, point: (n.point ?? 0n).toString(), agent_count: n.lower_count - n.member_count });

/** The agent's tree screen (/pa-star): its own subtree, opened a node at a time, and a search inside it. */
export function agentStarRoutes(app: FastifyInstance, deps: Deps) {
  const agent = { auth: 'required' } as const;
  defineCall(app, deps, '/api/agent/star/children', agent, async ({ auth, body }) => {
    const r = await starChildren(deps.db, auth.subjectId, body?.parent_id === undefined ? null : BigInt(body.parent_id), body?.skip ?? 0);
    return { parent: starOut(r.parent), rows: r.rows.map(starOut), total: r.total };
  });
  defineCall(app, deps, '/api/agent/star/search', agent, async ({ auth, body }) => ({
    rows: (await starSearch(deps.db, auth.subjectId, body.q)).map((n) => ({
      ...starOut(n),
      path: n.path.map(starOut),
    })),
  }));
}
