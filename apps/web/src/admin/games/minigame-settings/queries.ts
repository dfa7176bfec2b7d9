import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/mutations.ts';

/** Game settings queries of the mini-game screen (the generic /api/admin/game-settings calls, keys `minigame:<game>`). */
export const GAME_SETTINGS_KEY = ['admin', 'game-settings'] as const;

export function useGameSettingsList() {
  return useQuery({ queryKey: [...GAME_SETTINGS_KEY, 'list'], queryFn: () => callData('/api/admin/game-settings/list', {}) });
}

export function useGameSettings(game: string | null) {
  return useQuery({
    queryKey: [...GAME_SETTINGS_KEY, 'get', game],
    queryFn: () => callData('/api/admin/game-settings/get', { game: game ?? '' }),
    enabled: game !== null,
  });
}

export const useUpdateGameSettings = () => useCallMutation('/api/admin/game-settings/update', [GAME_SETTINGS_KEY]);
