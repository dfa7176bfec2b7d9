import { useQuery } from '@tanstack/react-query';
import { call, callData } from '../../api/client.ts';

/** Spec §3 bank list as the server's join rule knows it (admin-only entries left out). */
export function useJoinBanks() {
  return useQuery({ queryKey: ['member', 'join', 'banks'], queryFn: () => callData('/api/user/join/getBanks', {}), staleTime: 10 * 60_000 });
}

export type PasswordChangeInput = { current: string; next: string; confirm: string; requestId: string };

/** Spec §5 password change; the answer (success or the failure to show) goes back to the form. */
export function changePassword(input: PasswordChangeInput) {
  return call('/api/user/changePassword', {
    current_password: input.current,
    new_password: input.next,
    confirm_password: input.confirm,
    request_id: input.requestId,
  });
}
