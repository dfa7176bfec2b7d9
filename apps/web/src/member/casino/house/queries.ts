import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/mutations.ts';

/** The house vendor's game calls (they carry the vendor launch token, not the member session). */
export const HOUSE_KEY = ['member', 'house'] as const;

export function useHouseSession(token: string, user: number | null, game: 'fortune5' | 'baccarat1') {
  return useQuery({
    queryKey: [...HOUSE_KEY, 'session', game, token, user],
    queryFn: () => callData('/api/house/session', { token, user: user ?? 0, game }),
    enabled: token.length >= 8 && user !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const useSpin = () => useCallMutation('/api/house/slot/spin');
export const useBaccaratBet = () => useCallMutation('/api/house/baccarat/bet');
export const useVerifyRound = () => useCallMutation('/api/house/round/verify');
