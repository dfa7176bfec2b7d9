import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { call, callData } from '../../../api/client.ts';
import { DETAIL_KEY } from '../queries.ts';

/** A player's protection limits as the admin sees them (issue 23, decision 057), under the member detail's key. */
const limitsKey = (userId: number) => [...DETAIL_KEY, userId, 'limits'] as const;

export function useMemberLimits(userId: number) {
  return useQuery({ queryKey: limitsKey(userId), queryFn: () => callData('/api/admin/member/limits/get', { user_id: userId }) });
}

/** Tightens limits; the answer (the limits after the change) replaces the panel's data. */
export function useTightenMemberLimits(userId: number) {
  const queryClient = useQueryClient();
  return async (limits: CallBody<'/api/admin/member/limits/set'>['limits']) => {
    const answer = await call('/api/admin/member/limits/set', { user_id: userId, limits });
    if (answer.result) queryClient.setQueryData(limitsKey(userId), answer.data);
    return answer;
  };
}
