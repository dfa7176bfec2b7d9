import { useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Sports back office queries (contracts: calls-sports-admin.ts; game settings and settings use the generic admin calls). */
export const SPORTS_ADMIN_KEY = ['admin', 'sports'] as const;
const SETTINGS_KEY = ['admin', 'settings'] as const;
const GAME_SETTINGS_KEY = ['admin', 'game-settings'] as const;

export function useFixtures(body: CallBody<'/api/admin/sports/fixtures'>) {
  return useQuery({ queryKey: [...SPORTS_ADMIN_KEY, 'fixtures', body], queryFn: () => callData('/api/admin/sports/fixtures', body) });
}

export function useFixture(fixtureId: number | null) {
  return useQuery({
    queryKey: [...SPORTS_ADMIN_KEY, 'fixture', fixtureId],
    queryFn: () => callData('/api/admin/sports/fixture', { fixture_id: fixtureId ?? 0 }),
    enabled: fixtureId !== null,
  });
}

export const useEnterResult = () => useCallMutation('/api/admin/sports/result/enter', [SPORTS_ADMIN_KEY]);
export const useCancelFixture = () => useCallMutation('/api/admin/sports/result/cancel', [SPORTS_ADMIN_KEY]);
export const useRecalculate = () => useCallMutation('/api/admin/sports/result/recalculate', [SPORTS_ADMIN_KEY]);
export const useSetFixtureState = () => useCallMutation('/api/admin/sports/fixture/setState', [SPORTS_ADMIN_KEY]);

export function useLeagues(sport: string | undefined) {
  const body = { sport: sport as CallBody<'/api/admin/sports/leagues'>['sport'] };
  return useQuery({ queryKey: [...SPORTS_ADMIN_KEY, 'leagues', body], queryFn: () => callData('/api/admin/sports/leagues', body) });
}
export const useSetLeaguesStopped = () => useCallMutation('/api/admin/sports/leagues/setStopped', [SPORTS_ADMIN_KEY]);

export function useTeams(body: CallBody<'/api/admin/sports/teams'>) {
  return useQuery({ queryKey: [...SPORTS_ADMIN_KEY, 'teams', body], queryFn: () => callData('/api/admin/sports/teams', body) });
}
export const useSetTeamNames = () => useCallMutation('/api/admin/sports/teams/setNames', [SPORTS_ADMIN_KEY]);

export function useHighBets(body: CallBody<'/api/admin/sports/highBets'>) {
  return useQuery({ queryKey: [...SPORTS_ADMIN_KEY, 'highBets', body], queryFn: () => callData('/api/admin/sports/highBets', body) });
}

/** Live exposure: refreshed every 5 s while the screen is open. */
export function useLiability(fixtureId: number | undefined) {
  const body = { fixture_id: fixtureId };
  return useQuery({ queryKey: [...SPORTS_ADMIN_KEY, 'liability', body], queryFn: () => callData('/api/admin/sports/liability', body), refetchInterval: 5_000 });
}

export function useSettings() {
  return useQuery({ queryKey: [...SETTINGS_KEY], queryFn: () => callData('/api/admin/settings/get', {}) });
}
export const useUpdateSettings = () => useCallMutation('/api/admin/settings/update', [SETTINGS_KEY, SPORTS_ADMIN_KEY]);

export function useGameSettings(game: string) {
  return useQuery({ queryKey: [...GAME_SETTINGS_KEY, 'get', game], queryFn: () => callData('/api/admin/game-settings/get', { game }) });
}
export const useUpdateGameSettings = () => useCallMutation('/api/admin/game-settings/update', [GAME_SETTINGS_KEY]);
