import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FixtureSummary, SportsBoard, SportsMarket } from '@wager/contracts';
import { queryErrorText } from '../../i18n/error-text.ts';
import { Loading } from '../../ui/states.tsx';
import { byLeague, FixtureClock, LeagueSelect, SportTabs, useListFilter, useSportName } from './list-parts.tsx';
import { BoardClockProvider } from './board-clock.tsx';
import { OddsButton } from './odds-button.tsx';
import { useFixtures } from './queries.ts';
import { SportsLayout, usePageStream } from './sports-layout.tsx';

const MAIN_ORDER = ['home', 'draw', 'away'];

/** The fixture's main market (1X2 or moneyline) as the list shows it. */
function mainMarket(f: FixtureSummary): SportsMarket | undefined {
  return f.markets.find((m) => m.kind === '1x2' && m.period === 'ft') ?? f.markets.find((m) => m.kind === 'moneyline' && m.period === 'ft') ?? f.markets[0];
}

/** European type (prematch) and in-play lists: sport tabs, league groups, one row per game. */
export function EuropeListPage({ board }: { board: Extract<SportsBoard, 'europe' | 'inplay'> }) {
  const { t } = useTranslation();
  const filter = useListFilter();
  const streamUp = usePageStream({ sport: filter.sport });
  const query = useFixtures(board, filter.sport, filter.leagueId, streamUp);
  const data = query.data;
  const sportName = useSportName(board);
  const detailBase = board === 'inplay' ? '/game/inplay' : '/game/europe-sports';

  return (
    <BoardClockProvider data={data}>
      <SportsLayout board={board} streamDown={!streamUp}>
        <div className="sp-head">
          <h1 className="sp-title">{t(`sports.boards.${board}`)}</h1>
          <LeagueSelect leagues={data?.leagues ?? []} leagueId={filter.leagueId} onPick={(id) => filter.set(filter.sport, id)} />
        </div>
        <SportTabs board={board} sport={filter.sport} onPick={(s) => filter.set(s)} />
        {query.isError && !data ? (
          <div className="sp-message is-error" role="alert" data-testid="sports-error">
            <p>{t('sports.loadFailed')}</p>
            <p className="sp-message-sub">{queryErrorText(query.error)}</p>
          </div>
        ) : !data ? (
          <Loading />
        ) : data.fixtures.length === 0 ? (
          <p className="sp-message" data-testid="sports-empty">
            {t('sports.empty')}
          </p>
        ) : (
          <div className="sp-leagues" data-testid="fixture-list">
            {byLeague(data.fixtures).map((g) => (
              <section key={g.league.id} className="sp-league" data-testid="league-group">
                <h2 className="sp-league-head">
                  <span className="sp-sport-tag">{sportName(g.sport)}</span>
                  {g.league.country && <span className="sp-country">{g.league.country}</span>}
                  <span className="sp-league-name">{g.league.name}</span>
                </h2>
                {g.fixtures.map((f) => (
                  <EuropeRow key={f.id} board={board} fixture={f} detailTo={`${detailBase}/${f.id}`} />
                ))}
              </section>
            ))}
          </div>
        )}
      </SportsLayout>
    </BoardClockProvider>
  );
}

// Memoised: a pushed delta replaces only the fixture it names, so the other rows skip rendering.
const EuropeRow = memo(function EuropeRow({ board, fixture, detailTo }: { board: SportsBoard; fixture: FixtureSummary; detailTo: string }) {
  const { t } = useTranslation();
  const market = mainMarket(fixture);
  const outcomes = market ? [...market.outcomes].sort((a, b) => MAIN_ORDER.indexOf(a.code) - MAIN_ORDER.indexOf(b.code)) : [];
  const more = Math.max(0, fixture.market_count - (market ? 1 : 0));
  return (
    <div
      className={fixture.bet_stop ? 'sp-row is-stopped' : 'sp-row'}
      data-testid="fixture-row"
      data-fixture-id={fixture.id}
      data-sport={fixture.sport}
      data-starts-at={fixture.starts_at}
    >
      <div className="sp-row-clock">
        <FixtureClock fixture={fixture} />
        {fixture.bet_stop && <span className="sp-stop">{t('sports.betStop')}</span>}
      </div>
      <Link to={detailTo} className="sp-row-teams" data-testid="fixture-teams">
        <span className="sp-team">
          {fixture.home.name}
          {fixture.live && fixture.score && <b className="sp-team-score">{fixture.score.home}</b>}
        </span>
        <span className="sp-team">
          {fixture.away.name}
          {fixture.live && fixture.score && <b className="sp-team-score">{fixture.score.away}</b>}
        </span>
      </Link>
      <div className={`sp-row-odds cols-${Math.max(2, outcomes.length)}`}>
        {market &&
          outcomes.map((o) => (
            <OddsButton
              key={o.id}
              board={board}
              fixture={fixture}
              market={market}
              outcome={o}
              label={o.code === 'draw' ? t('sports.picks.draw') : o.code === 'home' ? '1' : o.code === 'away' ? '2' : o.code}
            />
          ))}
      </div>
      <Link to={detailTo} className="sp-more" aria-label={t('sports.moreMarketsAria', { count: more })} data-testid="fixture-more">
        {t('sports.moreMarkets', { count: more })}
      </Link>
    </div>
  );
});
