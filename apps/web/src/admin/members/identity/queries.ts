import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { call, callData } from '../../../api/client.ts';
import { DETAIL_KEY } from '../queries.ts';

/** A player's identity status and its history (issue 23, decision 058), under the member detail's key. */
const identityKey = (userId: number) => [...DETAIL_KEY, userId, 'identity'] as const;

export function useMemberIdentity(userId: number) {
  return useQuery({ queryKey: identityKey(userId), queryFn: () => callData('/api/admin/member/identity/get', { user_id: userId }) });
}

/** Sets the status; the answer (status and history) replaces the panel's data. */
export function useSetMemberIdentity(userId: number) {
  const queryClient = useQueryClient();
  return async (body: Omit<CallBody<'/api/admin/member/identity/set'>, 'user_id'>) => {
    const answer = await call('/api/admin/member/identity/set', { user_id: userId, ...body });
    if (answer.result) queryClient.setQueryData(identityKey(userId), answer.data);
    return answer;
  };
}
