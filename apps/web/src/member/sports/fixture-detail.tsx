import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { FixtureDetail, SportsBoard, SportsMarket } from '@wager/contracts';
import { Loading } from '../../ui/states.tsx';
import { groupMarkets, marketLabel, periodLabel, pickLabel } from './labels.ts';
import { FixtureClock, kickoff, useSportName } from './list-parts.tsx';
import { BoardClockProvider } from './board-clock.tsx';
import { OddsButton } from './odds-button.tsx';
import { useFixture } from './queries.ts';
import { SportsLayout, usePageStream } from './sports-layout.tsx';
import { queryErrorText } from '../../i18n/error-text.ts';

/** European type and in-play detail: every market of one game, grouped by kind and period. */
export function FixtureDetailPage({ board }: { board: Extract<SportsBoard, 'europe' | 'inplay'> }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const streamUp = usePageStream({ fixtures: validId ? [id] : [] });
  const query = useFixture(validId ? id : 0, board === 'inplay', streamUp);
  const fixture = query.data?.fixture;
  const back = board === 'inplay' ? '/game/inplay' : '/game/europe-sports';

  return (
    <BoardClockProvider data={query.data}>
      <SportsLayout board={board} streamDown={!streamUp}>
        <Link to={back} className="sp-back" data-testid="fixture-back">
          ‹ {t('sports.back')}
        </Link>
        {!validId || (query.isError && !fixture) ? (
          <div className="sp-message is-error" role="alert" data-testid="fixture-missing">
            <p>{t('sports.notFound')}</p>
            {query.isError && <p className="sp-message-sub">{queryErrorText(query.error)}</p>}
          </div>
        ) : !fixture ? (
          <Loading />
        ) : (
          <FixtureView board={board} fixture={fixture} />
        )}
      </SportsLayout>
    </BoardClockProvider>
  );
}

function FixtureView({ board, fixture }: { board: SportsBoard; fixture: FixtureDetail }) {
  const { t } = useTranslation();
  const k = kickoff(fixture.starts_at);
  const groups = groupMarkets(fixture.markets);
  const score = fixture.score;
  const sportName = useSportName(board);
  return (
    <article className="sp-detail" data-testid="fixture-detail" data-fixture-id={fixture.id}>
      <header className={fixture.live ? 'sp-detail-head is-live' : 'sp-detail-head'}>
        <p className="sp-detail-league">
          <span className="sp-sport-tag">{sportName(fixture.sport)}</span> {fixture.league.country && `${fixture.league.country} · `}
          {fixture.league.name}
        </p>
        <div className="sp-detail-match">
          <span className="sp-detail-team">{fixture.home.name}</span>
          <span className="sp-detail-score" data-testid="detail-score">
            {score && (fixture.live || fixture.status === 'result') ? (
              <>
                <b>{score.home}</b>
                <i>:</i>
                <b>{score.away}</b>
              </>
            ) : (
              <span className="sp-detail-kick">
                {k.day} {k.time}
              </span>
            )}
          </span>
          <span className="sp-detail-team">{fixture.away.name}</span>
        </div>
        <div className="sp-detail-state">
          {fixture.live && <FixtureClock fixture={fixture} />}
          {fixture.bet_stop && (
            <span className="sp-stop" data-testid="detail-bet-stop">
              {t('sports.betStop')}
            </span>
          )}
        </div>
        {score && score.periods.length > 0 && (
          <ol className="sp-periods" aria-label={t('sports.detail.result')}>
            {score.periods.map((p) => (
              <li key={p.period}>
                <span>{periodLabel(t, p.period)}</span>
                <b>
                  {p.home}-{p.away}
                </b>
              </li>
            ))}
          </ol>
        )}
      </header>

      <h2 className="sp-section-title">{t('sports.detail.markets')}</h2>
      {groups.length === 0 ? (
        <p className="sp-message">{t('sports.detail.noMarkets')}</p>
      ) : (
        groups.map((g) => (
          <section key={`${g.kind}|${g.period}`} className="sp-market-group" data-testid="market-group" data-kind={g.kind}>
            <h3 className="sp-market-head">{marketLabel(t, { kind: g.kind as SportsMarket['kind'], period: g.period, line: null })}</h3>
            {g.markets.map((m) => (
              <div key={m.id} className={`sp-market-row cols-${Math.min(m.outcomes.length, 4)}`} data-testid="market-row" data-market-id={m.id}>
                {m.outcomes.map((o) => (
                  <OddsButton
                    key={o.id}
                    board={board}
                    fixture={fixture}
                    market={m}
                    outcome={o}
                    label={pickLabel(t, m, o.code, { home: fixture.home.name, away: fixture.away.name })}
                    className="is-wide"
                  />
                ))}
              </div>
            ))}
          </section>
        ))
      )}
    </article>
  );
}
