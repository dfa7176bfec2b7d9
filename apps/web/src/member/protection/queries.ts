import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RealityCheck } from '@wager/contracts';
import { callData } from '../../api/client.ts';

/** The reality check of the player's session (issue 23, decision 058), per token. */
const realityKey = (token: string | null) => ['member', 'reality-check', token] as const;

/**
 * Read once per session and again whenever the server clock (from the 5-second context poll)
 * passes the next due time, so the check costs no query while it is not due.
 */
export function useRealityCheck(token: string | null, serverTime: string | undefined) {
  const query = useQuery({
    queryKey: realityKey(token),
    queryFn: () => callData('/api/user/realityCheck/get', {}),
    enabled: token !== null,
    staleTime: Infinity,
  });
  const next = query.data?.next_due_at;
  const passed = Boolean(next && serverTime && Date.parse(serverTime) >= Date.parse(next));
  return { check: query.data, shouldAsk: passed && !query.data?.due, isDue: Boolean(query.data?.due), refetch: query.refetch };
}

/** The player continues: the server moves the next check one interval on. */
export function useContinueRealityCheck(token: string | null) {
  const queryClient = useQueryClient();
  return async () => {
    const next = await callData('/api/user/realityCheck/continue', {});
    queryClient.setQueryData<RealityCheck>(realityKey(token), next);
  };
}
