import type { Sql } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';

export type { TreeFilter, TreePage, TreeUserRow } from './repo.ts';

const PAGE: repo.TreePage = { skip: 0, limit: 20 };

/** The agent's direct lower members and agents (spec §6 "direct lower"), newest first. */
export const directLower = (sql: Sql, agentId: bigint, filter: repo.TreeFilter = {}, page = PAGE) => repo.lowerUsers(sql, agentId, true, filter, page);

/** Everyone below the agent at any depth (spec §6 "all lower"), newest first. */
export const allLower = (sql: Sql, agentId: bigint, filter: repo.TreeFilter = {}, page = PAGE) => repo.lowerUsers(sql, agentId, false, filter, page);

/** The user (depth 0), its parent (depth 1) and so on up to its root. */
export const pathToRoot = (sql: Sql, userId: bigint) => repo.pathToRoot(sql, userId);

/** Whether `userId` is the agent itself or anyone below it. */
export const isInSubtree = (sql: Sql, agentId: bigint, userId: bigint) => repo.isInSubtree(sql, agentId, userId);

/**
 * Refuses an id outside the agent's subtree with one answer, whether the id exists elsewhere or
 * not at all, so guessing ids tells an agent nothing about other trees.
 */
export async function assertInSubtree(sql: Sql, agentId: bigint, userId: bigint) {
  if (!(await repo.isInSubtree(sql, agentId, userId))) throw notFound('The member is not in your downline.', 'not_in_subtree');
}
