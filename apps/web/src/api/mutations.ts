import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CallBody, CallPath } from '@wager/contracts';
import { call, type CallAnswer } from './client.ts';

/**
 * A TanStack mutation for one call, for a feature's queries.ts. It resolves with the whole
 * answer (never throws), so a form shows `answer.error` where it stands; a successful answer
 * refreshes every query under the `invalidates` keys.
 */
export function useCallMutation<P extends CallPath>(path: P, invalidates: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation<CallAnswer<P>, Error, CallBody<P>>({
    mutationFn: (body) => (call as (path: P, body?: CallBody<P>) => Promise<CallAnswer<P>>)(path, body),
    onSuccess: async (answer) => {
      if (answer.result) await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
