import type { CallData, MarketKind, SportCode } from '@wager/contracts';
import type { Db } from '../../platform/db.ts';
import { localDayRange } from '../../platform/local-time.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo-results-board.ts';

const PER_PAGE = 20;

/**
 * The members' results board (spec §2 /board/game-result, sports tab; decision 046): settled
 * fixtures newest first, optionally of one sport and one local day of the operating time zone,
 * each with its score, its periods and every graded market's winning picks.
 */
export async function listResults(db: Db, lang: string, q: { sport?: SportCode; day?: string; skip: number }): Promise<CallData<'/api/user/sports/results'>> {
  const offset = (await getSettings(db)).timezone_offset_minutes;
  const [from, to] = q.day ? localDayRange(q.day, offset) : [null, null];
  const page = await repo.settledFixtures(db, { sport: q.sport ?? null, from, to, lang, skip: q.skip, limit: PER_PAGE });
  const markets = await repo.gradedMarkets(
    db,
    page.rows.map((r) => r.id),
  );
  const byFixture = new Map<bigint, repo.GradedMarket[]>();
  for (const m of markets) byFixture.set(m.fixture_id, [...(byFixture.get(m.fixture_id) ?? []), m]);
  return {
    total: page.total,
    per_page: PER_PAGE,
    rows: page.rows.map((r) => ({
      id: Number(r.id),
      sport: r.sport as SportCode,
      league: r.league,
      home: r.home,
      away: r.away,
      starts_at: r.starts_at.toISOString(),
      score: { home: r.result.home, away: r.result.away },
      periods: periodsOf(r.result.periods),
      markets: (byFixture.get(r.id) ?? []).map((m) => ({
        kind: m.kind as MarketKind,
        period: m.period,
        line: m.line,
        won: m.won,
        void: m.status === 'void',
      })),
    })),
  };
}

/** Period scores in play order, named by their code (an admin's unnamed period by its number). */
function periodsOf(p: repo.ResultRow['result']['periods']) {
  const list = Array.isArray(p) ? p.map((s, i) => [s.period ?? String(i + 1), s] as const) : Object.entries(p ?? {});
  return list.map(([period, s]) => ({ period, home: s.home, away: s.away }));
}
