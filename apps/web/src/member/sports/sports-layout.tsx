import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { SportsBoard, SportsPushEvent } from '@wager/contracts';
import { BetSlip } from './bet-slip.tsx';
import { MatchSearch } from './match-search.tsx';
import { useSportsStream, type StreamFilter } from './queries.ts';
import { applyOdds, lockFixture } from './slip-rules.ts';
import { setSlip } from './slip-store.ts';
import { Toasts } from './toast.tsx';
import './sports.css';

const BOARD_PATHS: [SportsBoard, string][] = [
  ['cross', '/game/sports/cross'],
  ['special', '/game/sports/special'],
  ['special2', '/game/sports/special2'],
  ['live', '/game/sports/live'],
  ['europe', '/game/europe-sports'],
  ['inplay', '/game/inplay'],
];

/** Pushed odds and bet stops reach the slip too: a folder whose price moved asks to be confirmed. */
function slipFollows(event: SportsPushEvent): void {
  if (event.type === 'odds') setSlip((s) => applyOdds(s, new Map(event.outcomes.map((o) => [o.id, { odds: o.odds, locked: !o.active }]))));
  if (event.type === 'status')
    setSlip((s) =>
      lockFixture(s, event.fixture_id, event.bet_stop || (event.status !== 'waiting' && event.status !== 'release' && event.status !== 'progress')),
    );
}

/** The push stream for what a page shows, feeding its queries and the slip; false while it is down. */
export function usePageStream(filter: StreamFilter): boolean {
  return useSportsStream(filter, slipFollows);
}

/**
 * Every sports page: the board tabs, the page, and the bet slip beside it (desktop) or behind a
 * floating button (phone).
 */
export function SportsLayout({ board, streamDown, children }: { board: SportsBoard; streamDown?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="sp" data-testid="sports-page" data-board={board}>
      <nav className="sp-boards" aria-label={t('sports.title')}>
        {BOARD_PATHS.map(([b, to]) => (
          <NavLink key={b} to={to} className={({ isActive }) => (isActive || b === board ? 'sp-board is-active' : 'sp-board')} data-testid={`board-${b}`}>
            {(b === 'live' || b === 'inplay') && <span className="sp-live-dot" aria-hidden="true" />}
            {t(`sports.boards.${b}`)}
          </NavLink>
        ))}
      </nav>
      <MatchSearch />
      {streamDown && (
        <p className="sp-stream-down" data-testid="stream-down">
          {t('sports.streamDown')}
        </p>
      )}
      <div className="sp-grid">
        <section className="sp-main">{children}</section>
        <BetSlip />
      </div>
      <Toasts />
    </div>
  );
}
