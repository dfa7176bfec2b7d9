import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { call, callData } from '../../api/client.ts';

/** Every casino lobby query sits under this key. */
export const CASINO_KEY = ['member', 'casino'] as const;
export type ProductType = 'casino' | 'slot';

export function useCasinoVendors(type: ProductType) {
  return useQuery({
    queryKey: [...CASINO_KEY, 'vendors', type],
    queryFn: () => callData('/api/user/casino/vendors', { type }),
    staleTime: 60_000,
  });
}

export function useProductGames(product: string, type?: ProductType) {
  return useQuery({
    queryKey: [...CASINO_KEY, 'games', product, type],
    queryFn: () => callData('/api/user/casino/games', { product, type }),
    staleTime: 60_000,
    retry: false,
  });
}

export function useCasinoHistory(body: CallBody<'/api/user/casino/history'>) {
  return useQuery({
    queryKey: [...CASINO_KEY, 'history', body],
    queryFn: () => callData('/api/user/casino/history', body),
    placeholderData: keepPreviousData,
  });
}

/** Spec §7 getCasinoLobbyUrl: the whole answer (never throws), so the caller can close its popup on failure. */
export const requestLobbyUrl = (body: CallBody<'/api/user/game/getCasinoLobbyUrl'>) => call('/api/user/game/getCasinoLobbyUrl', body);

/** The game window closed: a switching wallet comes home (the server's idle job is the backstop). */
export const closeCasinoSession = (token: string) => call('/api/user/casino/closeSession', { token });
