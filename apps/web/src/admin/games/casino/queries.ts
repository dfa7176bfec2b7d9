import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/mutations.ts';

/** Casino admin queries: vendor settings and the casino/slot round history. */
export const CASINO_ADMIN_KEY = ['admin', 'casino'] as const;

export function useCasinoVendors() {
  return useQuery({ queryKey: [...CASINO_ADMIN_KEY, 'vendors'], queryFn: () => callData('/api/admin/casino/vendors', {}) });
}

export const useUpdateCasinoVendor = () => useCallMutation('/api/admin/casino/vendors/update', [CASINO_ADMIN_KEY]);

export function useCasinoHistory(body: CallBody<'/api/admin/casino/history'>) {
  return useQuery({
    queryKey: [...CASINO_ADMIN_KEY, 'history', body],
    queryFn: () => callData('/api/admin/casino/history', body),
    placeholderData: keepPreviousData,
  });
}
