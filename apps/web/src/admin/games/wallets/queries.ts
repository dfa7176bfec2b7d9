import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody, CallData } from '@wager/contracts';
import { callData } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/mutations.ts';

/** Egg and casino-money management: the member list with totals by solution, and its two actions. */
export const GAME_WALLETS_KEY = ['admin', 'casino', 'wallets'] as const;

export type WalletsBody = NonNullable<CallBody<'/api/admin/casino/wallets/list'>>;
export type WalletsData = CallData<'/api/admin/casino/wallets/list'>;
export type WalletRow = WalletsData['rows'][number];

export function useGameWallets(body: WalletsBody) {
  return useQuery({
    queryKey: [...GAME_WALLETS_KEY, body],
    queryFn: () => callData('/api/admin/casino/wallets/list', body),
    placeholderData: keepPreviousData,
  });
}

/** Eggs move through the one admin balance grant (audited, idempotent per request id). */
export const useAdjustEgg = () => useCallMutation('/api/admin/ledger/adjust', [GAME_WALLETS_KEY]);
export const useRetrieveCasino = () => useCallMutation('/api/admin/casino/wallets/retrieve', [GAME_WALLETS_KEY]);
