import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FixtureSummary, SportCode, SportsBoard } from '@wager/contracts';
import { SPORTS } from '@wager/contracts/constants';
import { periodLabel } from './labels.ts';
import { useSportCounts } from './queries.ts';
import { formatShortDateTime } from '../../lib/date.ts';

/** "11-23 21:30": the start as a dense list shows it (operating time zone). */
export function kickoff(iso: string): { day: string; time: string } {
  if (Number.isNaN(Date.parse(iso))) return { day: '', time: iso };
  const [day, time] = formatShortDateTime(iso).split(' ');
  return { day, time };
}

export function isSport(v: string | null): v is SportCode {
  return v !== null && (SPORTS as readonly string[]).includes(v);
}

/** The page's sport and league filter, kept in the query string (?sport=soccer&league=12). */
export function useListFilter(): {
  sport: SportCode | undefined;
  leagueId: number | undefined;
  set: (sport: SportCode | undefined, leagueId?: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const sport = params.get('sport');
  const league = Number(params.get('league'));
  return {
    sport: isSport(sport) ? sport : undefined,
    leagueId: Number.isSafeInteger(league) && league > 0 ? league : undefined,
    set: (nextSport, nextLeague) => {
      const q = new URLSearchParams();
      if (nextSport) q.set('sport', nextSport);
      if (nextLeague) q.set('league', String(nextLeague));
      setParams(q, { replace: true });
    },
  };
}

/** All 12 sports with how many games the board offers now; "all" first. */
export function SportTabs({ board, sport, onPick }: { board: SportsBoard; sport: SportCode | undefined; onPick: (s: SportCode | undefined) => void }) {
  const { t } = useTranslation();
  const counts = useSportCounts(board);
  // Until the counts arrive, the names the site ships (never the raw codes).
  const list = counts.data?.sports ?? SPORTS.map((code) => ({ code, name: t(`sports.sportNames.${code}`), count: 0, live: 0 }));
  const total = list.reduce((n, s) => n + s.count, 0);
  return (
    <div className="sp-sports" role="tablist" aria-label={t('sports.title')} data-testid="sport-tabs">
      <button
        type="button"
        role="tab"
        aria-selected={!sport}
        className={!sport ? 'sp-sport is-active' : 'sp-sport'}
        data-testid="sport-all"
        onClick={() => onPick(undefined)}
      >
        <span className="sp-sport-name">{t('sports.allSports')}</span>
        <span className="sp-sport-count">{total}</span>
      </button>
      {list.map((s) => (
        <button
          key={s.code}
          type="button"
          role="tab"
          aria-selected={sport === s.code}
          className={[sport === s.code ? 'sp-sport is-active' : 'sp-sport', s.count === 0 ? 'is-empty' : ''].join(' ')}
          data-testid={`sport-${s.code}`}
          data-count={s.count}
          onClick={() => onPick(s.code)}
        >
          <span className="sp-sport-name">{s.name}</span>
          <span className="sp-sport-count">{s.count}</span>
        </button>
      ))}
    </div>
  );
}

/** Sport names in the reader's language (from the counts the tabs already loaded); the site's own names until they arrive. */
export function useSportName(board: SportsBoard): (code: string) => string {
  const { t, i18n } = useTranslation();
  const counts = useSportCounts(board);
  const names = new Map((counts.data?.sports ?? []).map((s) => [s.code as string, s.name]));
  return (code) => names.get(code) ?? (i18n.exists(`sports.sportNames.${code}`) ? t(`sports.sportNames.${code}` as never) : code);
}

/** Leagues of the current list as a compact select (only when there is more than one). */
export function LeagueSelect({
  leagues,
  leagueId,
  onPick,
}: {
  leagues: { id: number; name: string; count: number }[];
  leagueId: number | undefined;
  onPick: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  if (leagues.length < 2 && leagueId === undefined) return null;
  return (
    <select
      className="ui-input sp-league-select"
      aria-label={t('sports.league')}
      data-testid="league-select"
      value={leagueId ?? ''}
      onChange={(e) => onPick(Number(e.target.value) || undefined)}
    >
      <option value="">{t('sports.allLeagues')}</option>
      {leagues.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name} ({l.count})
        </option>
      ))}
    </select>
  );
}

/** Fixtures grouped by league, in the order the server sent them. */
export function byLeague<F extends FixtureSummary>(fixtures: readonly F[]): { league: F['league']; sport: string; fixtures: F[] }[] {
  const groups = new Map<number, { league: F['league']; sport: string; fixtures: F[] }>();
  for (const f of fixtures) {
    let g = groups.get(f.league.id);
    if (!g) groups.set(f.league.id, (g = { league: f.league, sport: f.sport, fixtures: [] }));
    g.fixtures.push(f);
  }
  return [...groups.values()];
}

/** Live score with period and minute, or the start time before kick-off. */
export function FixtureClock({ fixture }: { fixture: FixtureSummary }) {
  const { t } = useTranslation();
  if (fixture.live && fixture.score) {
    const s = fixture.score;
    return (
      <span className="sp-clock is-live" data-testid="fixture-clock">
        <span className="sp-live-badge">{t('sports.live')}</span>
        <span className="sp-period">
          {periodLabel(t, s.period)}
          {s.minute !== null && ` ${t('sports.minute', { minute: s.minute })}`}
        </span>
      </span>
    );
  }
  if (fixture.status === 'result') return <span className="sp-clock">{t('sports.finished')}</span>;
  if (fixture.status === 'cancelled') return <span className="sp-clock">{t('sports.cancelled')}</span>;
  const k = kickoff(fixture.starts_at);
  return (
    <span className="sp-clock" data-testid="fixture-clock">
      <span className="sp-day">{k.day}</span> <span className="sp-time">{k.time}</span>
    </span>
  );
}

/** The live score ("2 : 1") when the match runs; nothing before. */
export function ScoreBox({ fixture }: { fixture: FixtureSummary }) {
  if (!fixture.score || (!fixture.live && fixture.status !== 'result')) return null;
  return (
    <span className="sp-score" data-testid="fixture-score">
      <b>{fixture.score.home}</b>
      <i>:</i>
      <b>{fixture.score.away}</b>
    </span>
  );
}
