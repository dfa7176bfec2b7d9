import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FixtureSummary, SportsBoard } from '@wager/contracts';
import { useToken } from '../../api/use-token.ts';
import { queryErrorText } from '../../i18n/error-text.ts';
import { Loading } from '../../ui/states.tsx';
import { BoardClockProvider } from './board-clock.tsx';
import { FixtureClock, useSportName } from './list-parts.tsx';
import { OddsButton } from './odds-button.tsx';
import { fixturePath, MatchSearch } from './match-search.tsx';
import { useSportsHome } from './queries.ts';
import { usePageStream } from './sports-layout.tsx';
import { useSlip } from './slip-store.ts';
import './sports.css';
import './home-sports.css';

const MAIN_ORDER = ['home', 'draw', 'away'];

/**
 * The home page's sports block (decision 053): match search, "Live now" and "Starting soon"
 * with the main market's prices as the sports lists offer them, and the slip's count. Shown to
 * a signed-in member only (the catalogue calls need a session).
 */
export function SportsHome() {
  const token = useToken('player');
  return token ? <SportsHomeBody /> : null;
}

function SportsHomeBody() {
  const { t } = useTranslation();
  const [streamUp, setStreamUp] = useState(true);
  const query = useSportsHome(streamUp);
  const data = query.data;
  const ids = useMemo(() => (data ? [...data.live, ...data.soon].map((f) => f.id) : []), [data]);
  const up = usePageStream({ fixtures: ids });
  useEffect(() => setStreamUp(up), [up]);

  return (
    <section className="hs" data-testid="home-sports">
      <MatchSearch />
      {query.isError && !data ? (
        <p className="sp-message is-error" role="alert">
          {t('sports.loadFailed')} {queryErrorText(query.error)}
        </p>
      ) : !data ? (
        <Loading />
      ) : (
        <BoardClockProvider data={data}>
          <div className="hs-strips">
            <Strip kind="live" board="inplay" fixtures={data.live} total={data.live_total} to="/game/inplay" />
            <Strip kind="soon" board="europe" fixtures={data.soon} total={data.soon_total} to="/game/europe-sports" />
          </div>
        </BoardClockProvider>
      )}
      <SlipBar />
    </section>
  );
}

function Strip({ kind, board, fixtures, total, to }: { kind: 'live' | 'soon'; board: SportsBoard; fixtures: FixtureSummary[]; total: number; to: string }) {
  const { t } = useTranslation();
  const sportName = useSportName(board);
  return (
    <section className="m-card hs-strip" data-testid={`home-${kind}`}>
      <header className="m-card-head">
        <h2>
          {kind === 'live' && <span className="sp-live-dot" aria-hidden="true" />}
          {t(kind === 'live' ? 'sports.homePage.liveNow' : 'sports.homePage.startingSoon')}
        </h2>
        <Link to={to} data-testid={`home-${kind}-all`}>
          {t('sports.homePage.all', { count: total })}
        </Link>
      </header>
      {fixtures.length === 0 ? (
        <p className="m-list-empty" data-testid={`home-${kind}-empty`}>
          {t(kind === 'live' ? 'sports.homePage.noLive' : 'sports.homePage.noSoon')}
        </p>
      ) : (
        <div className="hs-cards">
          {fixtures.map((f) => (
            <HomeFixture key={f.id} board={board} fixture={f} sport={sportName(f.sport)} testId={`home-${kind}-fixture`} />
          ))}
        </div>
      )}
    </section>
  );
}

function HomeFixture({ board, fixture, sport, testId }: { board: SportsBoard; fixture: FixtureSummary; sport: string; testId: string }) {
  const { t } = useTranslation();
  // The home strips carry the board's main market only (1X2 or moneyline).
  const market = fixture.markets[0];
  const outcomes = market ? [...market.outcomes].sort((a, b) => MAIN_ORDER.indexOf(a.code) - MAIN_ORDER.indexOf(b.code)) : [];
  const score = fixture.live ? fixture.score : null;
  return (
    <article className={fixture.bet_stop ? 'hs-fixture is-stopped' : 'hs-fixture'} data-testid={testId} data-fixture-id={fixture.id}>
      <div className="hs-fixture-head">
        <span className="sp-sport-tag">{sport}</span>
        <span className="hs-league">{fixture.league.name}</span>
        <FixtureClock fixture={fixture} />
      </div>
      <Link to={fixturePath(fixture)} className="hs-teams" data-testid="home-fixture-open">
        <span className="hs-team">
          <span className="hs-team-name">{fixture.home.name}</span>
          {score && <b className="hs-score">{score.home}</b>}
        </span>
        <span className="hs-team">
          <span className="hs-team-name">{fixture.away.name}</span>
          {score && <b className="hs-score">{score.away}</b>}
        </span>
      </Link>
      {fixture.bet_stop && <span className="sp-stop">{t('sports.betStop')}</span>}
      <div className={`hs-odds cols-${Math.max(2, outcomes.length)}`}>
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
    </article>
  );
}

/** The slip's folders picked here are placed on the board's page, where the slip stands. */
function SlipBar() {
  const { t } = useTranslation();
  const slip = useSlip();
  if (slip.picks.length === 0) return null;
  return (
    <Link
      to={slip.board === 'inplay' ? '/game/inplay' : `/game/${slip.board === 'europe' || !slip.board ? 'europe-sports' : `sports/${slip.board}`}`}
      className="hs-slipbar"
      data-testid="home-slip"
    >
      <span>{t('sports.homePage.slip', { count: slip.picks.length })}</span>
      <b>{t('sports.homePage.openSlip')}</b>
    </Link>
  );
}
