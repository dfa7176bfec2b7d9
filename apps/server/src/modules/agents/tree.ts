import type { Sql } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import * as nodes from './tree-nodes.ts';

export type { AncestorRow, DownlineRow, TreeFilter, TreePage, TreeUserRow } from './repo.ts';

const PAGE: repo.TreePage = { skip: 0, limit: 20 };

/** The agent's direct lower members and agents (spec §6 "direct lower"), newest first. */
export const directLower = (sql: Sql, agentId: bigint, filter: repo.TreeFilter = {}, page = PAGE) => repo.lowerUsers(sql, agentId, true, filter, page);

/** Everyone below the agent at any depth (spec §6 "all lower"), newest first. */
export const allLower = (sql: Sql, agentId: bigint, filter: repo.TreeFilter = {}, page = PAGE) => repo.lowerUsers(sql, agentId, false, filter, page);

/**
 * The agent's list screens (spec §2): all lower members and agents, or its direct lower agents
 * only, with balances and the parent's account. The query starts at the agent's own closure rows,
 * so nothing outside its subtree can appear.
 */
export const downline = (sql: Sql, agentId: bigint, scope: repo.DownlineScope, filter: repo.TreeFilter = {}, page = PAGE) =>
  repo.downlinePage(sql, agentId, scope, filter, page);

/** The user (depth 0), its parent (depth 1) and so on up to its root. */
export const pathToRoot = (sql: Sql, userId: bigint) => repo.pathToRoot(sql, userId);

/** Each user's ancestors (depth 1 = parent, up to the root) with their rolling rates, for many users in one query. */
export const pathsToRoot = (sql: Sql, userIds: bigint[]) => repo.pathsToRoot(sql, userIds);

/** Whether `userId` is the agent itself or anyone below it. */
export const isInSubtree = (sql: Sql, agentId: bigint, userId: bigint) => repo.isInSubtree(sql, agentId, userId);

/** Those of the ids strictly below the agent (never the agent itself): the bulk actions' subtree check. */
export const lowerIdsOf = (sql: Sql, agentId: bigint, userIds: bigint[]) => repo.lowerIdsOf(sql, agentId, userIds);

/**
 * Refuses an id outside the agent's subtree with one answer, whether the id exists elsewhere or
 * not at all, so guessing ids tells an agent nothing about other trees.
 */
export async function assertInSubtree(sql: Sql, agentId: bigint, userId: bigint) {
  if (!(await repo.isInSubtree(sql, agentId, userId))) throw notFound('The member is not in your downline.', 'not_in_subtree');
}

// ---- the admin tree screen (issue 19)

/** Direct children of a node, or the roots when `parentId` is null: the tree screen opens a node lazily. */
export const childNodes = (sql: Sql, parentId: bigint | null, page: repo.TreePage) => nodes.childNodes(sql, parentId, page);

/** Up to `limit` accounts whose account or nickname contains the text, exact account first. */
export const searchNodes = (sql: Sql, search: string, limit = 20) => nodes.searchNodes(sql, search, limit);

/** The path from the root down to the node, each with money and counts; refuses an unknown id. */
export async function pathNodes(sql: Sql, userId: bigint) {
  const rows = await nodes.pathNodes(sql, userId);
  if (rows.length === 0) throw notFound('Member not found.', 'member_not_found');
  return rows;
}
