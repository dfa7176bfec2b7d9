import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import type { TreeNodeRow } from './tree-nodes.ts';
import { childNodes, pathNodes, searchNodes } from './tree.ts';

/** A node as the contract sends it: ids as numbers, money as a decimal string (0 without a ledger account). */
export const nodeOut = (n: TreeNodeRow) => ({
  id: Number(n.id),
  account: n.account,
  nickname: n.nickname,
  role: n.role,
  level: n.level,
  status: n.status,
  parent_id: n.parent_id === null ? null : Number(n.parent_id),
  depth: n.depth,
  money: (n.money ?? 0n).toString(),
  children: n.children,
  lower_count: n.lower_count,
  member_count: n.member_count,
});

/** The admin tree screen's reads (spec §2 "tree view of sub-accounts"); moves are in routes.ts. */
export function adminTreeRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  const PAGE = 50;
  defineCall(app, deps, '/api/admin/agent/tree/children', admin, async ({ body }) => {
    const skip = body?.skip ?? 0;
    const r = await childNodes(deps.db, body?.parent_id === undefined ? null : BigInt(body.parent_id), { skip, limit: PAGE });
    return { rows: r.rows.map(nodeOut), total: r.total };
  });
  defineCall(app, deps, '/api/admin/agent/tree/search', admin, async ({ body }) => ({
    rows: (await searchNodes(deps.db, body.search)).map(nodeOut),
  }));
  defineCall(app, deps, '/api/admin/agent/tree/path', admin, async ({ body }) => ({
    rows: (await pathNodes(deps.db, BigInt(body.user_id))).map(nodeOut),
  }));
}
