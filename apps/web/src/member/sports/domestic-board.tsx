import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FixtureSummary, SportsBoard, SportsMarket, SportsOutcome } from '@wager/contracts';
import { Loading } from '../../ui/states.tsx';
import { handicapFor, marketLabel, pickLabel, shortLine, sideOf } from './labels.ts';
import { byLeague, FixtureClock, LeagueSelect, SportTabs, useListFilter, useSportName } from './list-parts.tsx';
import { BoardClockProvider } from './board-clock.tsx';
import { OddsButton } from './odds-button.tsx';
import { useFixtures } from './queries.ts';
import { SportsLayout, usePageStream } from './sports-layout.tsx';
import { queryErrorText } from '../../i18n/error-text.ts';

type DomesticBoard = Extract<SportsBoard, 'cross' | 'special' | 'special2' | 'live'>;

/** Left / middle / right of a Korean board row, or null when the market does not fit that shape. */
function sides(market: SportsMarket): { left?: SportsOutcome; middle?: SportsOutcome; right?: SportsOutcome } | null {
  const out: { left?: SportsOutcome; middle?: SportsOutcome; right?: SportsOutcome } = {};
  for (const o of market.outcomes) {
    const side = sideOf(o.code);
    if (side === null || out[side]) return null;
    out[side] = o;
  }
  return out.left && out.right ? out : null;
}

/** Domestic boards (cross, special, special2, live): one row per market, home / tie / away. */
export function DomesticBoardPage({ board }: { board: DomesticBoard }) {
  const { t } = useTranslation();
  const filter = useListFilter();
  const streamUp = usePageStream({ sport: filter.sport });
  const query = useFixtures(board, filter.sport, filter.leagueId, streamUp);
  const data = query.data;
  const sportName = useSportName(board);

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
          <div className="sp-kr" data-testid="fixture-list" role="table">
            <div className="sp-kr-head" role="row">
              <span role="columnheader">{t('sports.startsAt')}</span>
              <span role="columnheader">{t('sports.market')}</span>
              <span role="columnheader">{t('sports.home')}</span>
              <span role="columnheader">{t('sports.tie')}</span>
              <span role="columnheader">{t('sports.away')}</span>
            </div>
            {byLeague(data.fixtures).map((g) => (
              <div key={g.league.id} className="sp-kr-league" data-testid="league-group" role="rowgroup">
                <div className="sp-kr-league-head" role="row">
                  <span className="sp-sport-tag">{sportName(g.sport)}</span>
                  {g.league.country && <span className="sp-country">{g.league.country}</span>}
                  <b>{g.league.name}</b>
                </div>
                {g.fixtures.map((f) => (
                  <DomesticFixture key={f.id} board={board} fixture={f} />
                ))}
              </div>
            ))}
          </div>
        )}
      </SportsLayout>
    </BoardClockProvider>
  );
}

// Memoised: a pushed delta replaces only the fixture it names, so the other games skip rendering.
const DomesticFixture = memo(function DomesticFixture({ board, fixture }: { board: SportsBoard; fixture: FixtureSummary }) {
  const { t } = useTranslation();
  const teams = { home: fixture.home.name, away: fixture.away.name };
  return (
    <div
      className={fixture.bet_stop ? 'sp-kr-game is-stopped' : 'sp-kr-game'}
      data-testid="fixture-row"
      data-starts-at={fixture.starts_at}
      data-fixture-id={fixture.id}
      data-sport={fixture.sport}
    >
      {fixture.markets.map((m, i) => {
        const s = sides(m);
        return (
          <div key={m.id} className={i === 0 ? 'sp-kr-row is-main' : 'sp-kr-row'} role="row" data-testid="market-row" data-kind={m.kind}>
            <span className="sp-kr-clock" role="cell">
              {i === 0 ? (
                <>
                  <FixtureClock fixture={fixture} />
                  {fixture.live && fixture.score && (
                    <b className="sp-kr-score" data-testid="fixture-score">
                      {fixture.score.home}:{fixture.score.away}
                    </b>
                  )}
                  {fixture.bet_stop && <span className="sp-stop">{t('sports.betStop')}</span>}
                </>
              ) : null}
            </span>
            <span className={`sp-kr-kind is-${m.kind}`} role="cell">
              {marketLabel(t, { kind: m.kind, period: m.period, line: null })}
            </span>
            {s ? (
              <>
                <span className="sp-kr-cell" role="cell">
                  {s.left && (
                    <OddsButton board={board} fixture={fixture} market={m} outcome={s.left} label={sideText(t, m, s.left, teams)} className="is-left" />
                  )}
                </span>
                <span className="sp-kr-cell is-middle" role="cell">
                  {s.middle ? (
                    <OddsButton board={board} fixture={fixture} market={m} outcome={s.middle} className="is-middle" />
                  ) : (
                    <span className="sp-kr-line">{middleText(m)}</span>
                  )}
                </span>
                <span className="sp-kr-cell" role="cell">
                  {s.right && (
                    <OddsButton board={board} fixture={fixture} market={m} outcome={s.right} label={sideText(t, m, s.right, teams)} className="is-right" />
                  )}
                </span>
              </>
            ) : (
              <span className="sp-kr-cell is-wrap" role="cell">
                {m.outcomes.map((o) => (
                  <OddsButton key={o.id} board={board} fixture={fixture} market={m} outcome={o} label={pickLabel(t, m, o.code, teams)} />
                ))}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
});

/** Team names on the home/away sides; over/under and odd/even rows name the pick. */
function sideText(t: Parameters<typeof pickLabel>[0], m: SportsMarket, o: SportsOutcome, teams: { home: string; away: string }): string {
  if (o.code === 'home' || o.code === 'away') return teams[o.code];
  if (m.kind === 'over_under') return `${pickLabel(t, { kind: m.kind, line: null }, o.code)} ${o.code === 'over' ? '▲' : '▼'}`;
  return pickLabel(t, m, o.code, teams);
}

function middleText(m: SportsMarket): string {
  if (m.kind === 'handicap') return handicapFor(m.line, 'home');
  if (m.line !== null) return shortLine(m.line);
  return 'VS';
}
