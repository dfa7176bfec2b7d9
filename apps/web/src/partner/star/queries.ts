import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../api/client.ts';

const STAR_KEY = ['agent', 'star'] as const;

/** A node of the agent's subtree (the agent itself without `parentId`) and one page of its direct lower accounts. */
export function useStarChildren(parentId: number | undefined, skip = 0) {
  return useQuery({
    queryKey: [...STAR_KEY, 'children', parentId ?? null, skip],
    queryFn: () => callData('/api/agent/star/children', { parent_id: parentId, skip }),
  });
}

/** Accounts below the agent matching `q`, each with the path the tree opens. */
export function useStarSearch(q: string) {
  return useQuery({
    queryKey: [...STAR_KEY, 'search', q],
    queryFn: () => callData('/api/agent/star/search', { q }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
