import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MinigameKey } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { CONTEXT_KEY } from '../queries.ts';
import { clockOffset } from './round-clock.ts';

/** Every mini-game query sits under this key; a bet or a new draw refreshes them together. */
export const MINIGAME_KEY = ['member', 'minigames'] as const;

export function useGameInfo(game: MinigameKey) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'info', game],
    queryFn: () => callData('/api/user/minigame/games', { game }),
    staleTime: 30_000,
  });
}

/** The round now taking bets and the last result, with the server's clock offset at arrival. */
export function useRound(game: MinigameKey, pollMs: (offset: number, data: RoundData | undefined) => number) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'round', game],
    queryFn: async () => {
      const data = await callData('/api/user/minigame/round', { game });
      return { ...data, offset: clockOffset(data.server_time, Date.now()) };
    },
    refetchInterval: (q) => pollMs(q.state.data?.offset ?? 0, q.state.data),
  });
}
export type RoundData = Awaited<ReturnType<typeof callData<'/api/user/minigame/round'>>> & { offset: number };

export function useMyBets(game: MinigameKey) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'myBets', game],
    queryFn: () => callData('/api/user/minigame/myBets', { game, skip: 0 }),
    // A safety net beside the refresh on a new draw: open bets are looked at again now and then.
    refetchInterval: (q) => (q.state.data?.bets.some((b) => b.status === 'open') ? 15_000 : false),
  });
}

export function useHistory(game: MinigameKey, skip: number, limit = 20) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'history', game, skip, limit],
    queryFn: () => callData('/api/user/minigame/history', { game, skip, limit }),
    placeholderData: keepPreviousData,
  });
}

export function useStats(game: MinigameKey, rounds: number) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'stats', game, rounds],
    queryFn: () => callData('/api/user/minigame/stats', { game, rounds }),
    placeholderData: keepPreviousData,
  });
}

/** A bet moves money: the header's balance (context) and this game's lists refresh on success. */
export const usePlaceBet = () => useCallMutation('/api/user/minigame/bet', [MINIGAME_KEY, CONTEXT_KEY]);
export const useCancelBet = () => useCallMutation('/api/user/minigame/cancel', [MINIGAME_KEY, CONTEXT_KEY]);

/** A new draw settles bets: refresh the balance, my bets, history and statistics. */
export function useRefreshAfterDraw() {
  const queryClient = useQueryClient();
  return (game: MinigameKey) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CONTEXT_KEY }),
      queryClient.invalidateQueries({ queryKey: [...MINIGAME_KEY, 'myBets', game] }),
      queryClient.invalidateQueries({ queryKey: [...MINIGAME_KEY, 'history', game] }),
      queryClient.invalidateQueries({ queryKey: [...MINIGAME_KEY, 'stats', game] }),
    ]);
}

/** Public verification data of one round (no login). */
export function useVerification(game: MinigameKey, round: number | null) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'verify', game, round],
    queryFn: () => callData('/api/minigame/verify', { game, round: round ?? 0 }),
    enabled: round !== null && round > 0,
    retry: false,
  });
}

export function useCommitments(game: MinigameKey) {
  return useQuery({
    queryKey: [...MINIGAME_KEY, 'commitments', game],
    queryFn: () => callData('/api/minigame/commitments', { game }),
    retry: false,
  });
}
