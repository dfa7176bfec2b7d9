import { useQuery } from '@tanstack/react-query';
import { call, callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** The system settings and the admin frame's part of them: a save refreshes both. */
const SETTINGS_KEY = ['admin', 'settings'] as const;
const SHELL_KEY = ['admin', 'settings-shell'] as const;

export function useSystemSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => callData('/api/admin/settings/get') });
}

export const useUpdateSettings = () => useCallMutation('/api/admin/settings/update', [SETTINGS_KEY, SHELL_KEY]);

export function useShellSettings() {
  return useQuery({ queryKey: SHELL_KEY, queryFn: () => callData('/api/admin/settings/shell'), staleTime: 30_000 });
}

export const soundUploadUrl = (fileExt: string) => callData('/api/admin/settings/sound/getSignedUrl', { file_ext: fileExt as 'mp3' });

/** The newest waiting charge, exchange and inquiry ids (the alert sounds compare them between polls). */
export function useNewestWaiting(refetchInterval: number | false) {
  return useQuery({
    queryKey: ['admin', 'settings-alerts'],
    enabled: refetchInterval !== false,
    refetchInterval,
    queryFn: async () => {
      // A role without the cash desk or the inquiries (decision 042) hears only what it may read.
      const [charge, exchange, inquiry] = await Promise.all([
        call('/api/admin/bank/list', { type: 'charge', status: 'waiting' }),
        call('/api/admin/bank/list', { type: 'exchange', status: 'waiting' }),
        call('/api/admin/inquiry/list', { status: 'waiting' }),
      ]);
      const newest = (ids: number[]) => Math.max(0, ...ids);
      return {
        deposit: charge.result ? newest(charge.data.rows.map((r) => r.id)) : 0,
        withdrawal: exchange.result ? newest(exchange.data.rows.map((r) => r.id)) : 0,
        inquiry: inquiry.result ? newest(inquiry.data.inquiries.map((r) => r.id)) : 0,
      };
    },
  });
}
