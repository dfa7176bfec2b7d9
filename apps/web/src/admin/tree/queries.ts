import { useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every tree-screen query lives under this key: a move or a new account refreshes them all. */
export const TREE_KEY = ['admin', 'tree'] as const;
const MEMBERS_KEY = ['admin', 'members'] as const;

/** One node's direct children (the roots without `parentId`), read only when the node is opened. */
export function useTreeChildren(parentId: number | undefined, skip = 0) {
  return useQuery({
    queryKey: [...TREE_KEY, 'children', parentId ?? null, skip],
    queryFn: () => callData('/api/admin/agent/tree/children', { parent_id: parentId, skip }),
  });
}

export function useTreeSearch(search: string) {
  return useQuery({
    queryKey: [...TREE_KEY, 'search', search],
    queryFn: () => callData('/api/admin/agent/tree/search', { search }),
    enabled: search !== '',
  });
}

export function useTreePath(userId: number | null) {
  return useQuery({
    queryKey: [...TREE_KEY, 'path', userId],
    queryFn: () => callData('/api/admin/agent/tree/path', { user_id: userId! }),
    enabled: userId !== null,
  });
}

export function useMoveHistory(body: CallBody<'/api/admin/agent/tree/history'>) {
  return useQuery({ queryKey: [...TREE_KEY, 'history', body], queryFn: () => callData('/api/admin/agent/tree/history', body) });
}

export const useMoveToParent = () => useCallMutation('/api/admin/agent/tree/move', [TREE_KEY, MEMBERS_KEY]);
export const useCreateAccount = () => useCallMutation('/api/admin/member/create', [TREE_KEY, MEMBERS_KEY]);

/** The agent whose code (account) is exactly `code`, or null: the move and create forms' parent lookup. */
export async function findAgentByCode(code: string) {
  const found = await callData('/api/admin/agent/tree/search', { search: code });
  return found.rows.find((r) => r.account.toLowerCase() === code.toLowerCase() && r.role !== 'user') ?? null;
}
