import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sportsPushEvent, type CallData, type SportsBoard, type SportCode, type SportsPushEvent } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { useToken } from '../../api/use-token.ts';
import { patchFixture, patchFixtures } from './live-patch.ts';

/** Every sports query lives under this key; the stream patches what is cached beneath it. */
export const SPORTS_KEY = ['member', 'sports'] as const;
/** member/betting's BETTING_KEY (features do not import each other): a bet or a cancel refreshes the history. */
const BET_HISTORY_KEY = ['member', 'betting'] as const;

type FixturesData = CallData<'/api/user/sports/fixtures'>;
type FixtureData = CallData<'/api/user/sports/fixture'>;
type HomeData = CallData<'/api/user/sports/home'>;

/** While the push stream is down, lists poll: in play every 3 s, prematch every 15 s. */
export function fallbackPoll(live: boolean, streamUp: boolean): number | false {
  if (streamUp) return false;
  return live ? 3_000 : 15_000;
}

export function useSportCounts(board: SportsBoard) {
  return useQuery({
    queryKey: [...SPORTS_KEY, 'counts', board],
    queryFn: () => callData('/api/user/sports/sports', { board }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

export function useFixtures(board: SportsBoard, sport: SportCode | undefined, leagueId: number | undefined, streamUp: boolean) {
  return useQuery({
    queryKey: [...SPORTS_KEY, 'fixtures', board, sport ?? null, leagueId ?? null],
    queryFn: () => callData('/api/user/sports/fixtures', { board, sport, league_id: leagueId }),
    placeholderData: keepPreviousData,
    refetchInterval: fallbackPoll(board === 'inplay' || board === 'live', streamUp),
  });
}

export function useFixture(id: number, live: boolean, streamUp: boolean) {
  return useQuery({
    queryKey: [...SPORTS_KEY, 'fixture', id],
    queryFn: () => callData('/api/user/sports/fixture', { id }),
    enabled: id > 0,
    retry: false,
    refetchInterval: fallbackPoll(live, streamUp),
  });
}

/** The slip's folders as the server sees them now (odds, availability) and the member's limits on the board. */
export function useSlipQuote(board: SportsBoard | null, outcomeIds: number[]) {
  return useQuery({
    queryKey: [...SPORTS_KEY, 'quote', board, outcomeIds],
    queryFn: () => callData('/api/user/sports/slip/quote', { board: board ?? 'cross', outcome_ids: outcomeIds }),
    enabled: board !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Re-reads the quote at once (after a 409 odds_changed), bypassing the cache. */
export function fetchQuote(queryClient: QueryClient, board: SportsBoard, outcomeIds: number[]) {
  return queryClient.fetchQuery({
    queryKey: [...SPORTS_KEY, 'quote', board, outcomeIds],
    queryFn: () => callData('/api/user/sports/slip/quote', { board, outcome_ids: outcomeIds }),
    staleTime: 0,
  });
}

// The place answer carries the bet (money_after): the slip applies it to the header itself.
export const usePlaceSportsBet = () => useCallMutation('/api/user/sports/bet/place', [BET_HISTORY_KEY, [...SPORTS_KEY, 'quote']]);
export const useCancelSportsBet = () => useCallMutation('/api/user/sports/bet/cancel', [BET_HISTORY_KEY]);

export function useSportsBetDetail(id: number) {
  return useQuery({
    queryKey: [...BET_HISTORY_KEY, 'sports-detail', id],
    queryFn: () => callData('/api/user/sports/bet/detail', { id }),
    retry: false,
  });
}

/** What the stream follows: some fixtures, a sport, or (nothing) everything. */
export type StreamFilter = { fixtures?: number[]; sport?: SportCode };

function streamUrl(token: string, filter: StreamFilter): string {
  const q = new URLSearchParams({ token });
  if (filter.fixtures?.length) q.set('fixtures', filter.fixtures.join(','));
  else if (filter.sport) q.set('sport', filter.sport);
  return `/api/user/sports/stream?${q.toString()}`;
}

/** Applies a pushed delta to every cached list and detail (and tells the caller, for the slip). */
function applyPush(queryClient: QueryClient, event: SportsPushEvent) {
  if (event.type === 'catalogue') {
    void queryClient.invalidateQueries({ queryKey: [...SPORTS_KEY, 'fixtures'] });
    void queryClient.invalidateQueries({ queryKey: [...SPORTS_KEY, 'counts'] });
    void queryClient.invalidateQueries({ queryKey: [...SPORTS_KEY, 'home'] });
    return;
  }
  queryClient.setQueryData<HomeData>([...SPORTS_KEY, 'home'], (old) => {
    if (!old) return old;
    const live = patchFixtures(old.live, event);
    const soon = patchFixtures(old.soon, event);
    return live === old.live && soon === old.soon ? old : { ...old, live, soon };
  });
  queryClient.setQueriesData<FixturesData>({ queryKey: [...SPORTS_KEY, 'fixtures'] }, (old) => {
    if (!old) return old;
    const fixtures = patchFixtures(old.fixtures, event);
    return fixtures === old.fixtures ? old : { ...old, fixtures };
  });
  queryClient.setQueryData<FixtureData>([...SPORTS_KEY, 'fixture', event.fixture_id], (old) => {
    if (!old) return old;
    const fixture = patchFixture(old.fixture, event);
    return fixture === old.fixture ? old : { ...old, fixture };
  });
}

/**
 * Server push (SSE) for the open page: odds, market and status changes and live scores reach
 * the cached queries within a second. Returns whether the stream is up; while it is not, the
 * queries poll (fallbackPoll). The stream reconnects by itself; a new token opens a new one.
 */
export function useSportsStream(filter: StreamFilter, onEvent?: (event: SportsPushEvent) => void): boolean {
  const queryClient = useQueryClient();
  const token = useToken('player');
  const [up, setUp] = useState(true);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = `${filter.sport ?? ''}|${(filter.fixtures ?? []).join(',')}`;

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') {
      setUp(false);
      return;
    }
    const [sport, fixtures] = key.split('|');
    const source = new EventSource(
      streamUrl(token, { sport: (sport || undefined) as SportCode | undefined, fixtures: fixtures ? fixtures.split(',').map(Number) : undefined }),
    );
    // Until the stream has opened, the queries' own first load stands; a slow open polls meanwhile.
    const slow = setTimeout(() => setUp(source.readyState === EventSource.OPEN), 3_000);
    source.onopen = () => setUp(true);
    source.onerror = () => setUp(false);
    source.addEventListener('sports', (message: MessageEvent<string>) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = sportsPushEvent.safeParse(parsed);
      if (!event.success) return;
      applyPush(queryClient, event.data);
      handler.current?.(event.data);
    });
    return () => {
      clearTimeout(slow);
      source.close();
    };
  }, [token, key, queryClient]);

  return up;
}

/** The results board (/board/game-result, sports tab): settled fixtures, one page. */
export function useSportsResults(q: { sport?: SportCode; day?: string; skip: number }) {
  return useQuery({
    queryKey: [...SPORTS_KEY, 'results', q.sport ?? null, q.day ?? null, q.skip],
    queryFn: () => callData('/api/user/sports/results', { sport: q.sport, day: q.day, skip: q.skip }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The member home page's strips: live now and starting soon, a handful each (decision 053). */
export function useSportsHome(streamUp: boolean) {
  return useQuery({
    queryKey: [...SPORTS_KEY, 'home'],
    queryFn: () => callData('/api/user/sports/home', {}),
    placeholderData: keepPreviousData,
    // Fixtures come and go on the strips even while the stream carries their prices and scores.
    refetchInterval: fallbackPoll(true, streamUp) || 30_000,
  });
}

/** Fixtures named like `q` (two characters at least), in any language. */
export function useMatchSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: [...SPORTS_KEY, 'search', term],
    queryFn: () => callData('/api/user/sports/search', { q: term }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
