import { useQuery } from '@tanstack/react-query';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Spec §3 bank list as the server's join rule knows it (admin-only entries left out). */
export function useJoinBanks() {
  return useQuery({ queryKey: ['member', 'join', 'banks'], queryFn: () => callData('/api/user/join/getBanks', {}), staleTime: 10 * 60_000 });
}

/** The join form's steps (spec §5): duplicate checks, SMS code, then the application itself. */
export function useJoinCalls() {
  return {
    checkAccount: useCallMutation('/api/user/join/checkAccount'),
    checkNickname: useCallMutation('/api/user/join/checkNickname'),
    sendSms: useCallMutation('/api/user/join/sendSms'),
    checkSms: useCallMutation('/api/user/join/checkSms'),
    join: useCallMutation('/api/user/join'),
  };
}

export const usePlayerLogin = () => useCallMutation('/api/user/login');
