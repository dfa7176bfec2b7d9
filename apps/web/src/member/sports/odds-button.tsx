import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { folderRefusalCode, type FixtureSummary, type SportsBoard, type SportsMarket, type SportsOutcome } from '@wager/contracts';
import { useBoardClock, useServerNowPast } from './board-clock.tsx';
import { pickLabel, marketLabel } from './labels.ts';
import { oddsDirection } from './odds-math.ts';
import { togglePick } from './slip-rules.ts';
import { setSlip, usePicked } from './slip-store.ts';

const FLASH_MS = 1600;

/** Flashes green when the odds went up and red when they went down, for a moment. */
function useOddsFlash(odds: string): -1 | 0 | 1 {
  const last = useRef(odds);
  const [dir, setDir] = useState<-1 | 0 | 1>(0);
  useEffect(() => {
    const d = oddsDirection(last.current, odds);
    last.current = odds;
    if (d === 0) return;
    setDir(d);
    const timer = setTimeout(() => setDir(0), FLASH_MS);
    return () => clearTimeout(timer);
  }, [odds]);
  return dir;
}

type OddsButtonProps = {
  board: SportsBoard;
  fixture: FixtureSummary;
  market: SportsMarket;
  outcome: SportsOutcome;
  /** Text before the odds (team name, "오버 2.5"); none on the compact list cells. */
  label?: string;
  className?: string;
};

/** One price: a click toggles it in the bet slip; locked (no click) while it cannot be bet. */
export function OddsButton({ board, fixture, market, outcome, label, className = '' }: OddsButtonProps) {
  const { t } = useTranslation();
  const picked = usePicked(outcome.id);
  const flash = useOddsFlash(outcome.odds);
  // Disabled exactly when the slip would refuse it: the server's own rule (decision 052). A listed
  // fixture is on sale and its league not stopped for the board (the list serves no other).
  const { closingSeconds } = useBoardClock();
  const startsAt = Date.parse(fixture.starts_at);
  const now = useServerNowPast(startsAt - closingSeconds * 1000);
  const facts = {
    kind: market.kind,
    period: market.period,
    fixture_status: fixture.status,
    starts_at: startsAt,
    on_sale: true,
    league_stopped: [],
    market_status: market.status,
    active: outcome.active,
    bet_stop: fixture.bet_stop,
  };
  const refusal = folderRefusalCode(board, facts, now, closingSeconds);
  const open = refusal === null;

  function toggle() {
    const teams = { home: fixture.home.name, away: fixture.away.name };
    setSlip((s) =>
      togglePick(s, board, {
        outcomeId: outcome.id,
        marketId: market.id,
        fixtureId: fixture.id,
        odds: outcome.odds,
        home: fixture.home.name,
        away: fixture.away.name,
        league: fixture.league.name,
        market: marketLabel(t, market),
        pick: pickLabel(t, market, outcome.code, teams),
        inPlay: fixture.live,
      }),
    );
  }

  const classes = ['sp-odds', className, picked ? 'is-picked' : '', flash > 0 ? 'is-up' : flash < 0 ? 'is-down' : '', open ? '' : 'is-locked']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      disabled={!open}
      aria-pressed={picked}
      data-testid="odds"
      data-outcome-id={outcome.id}
      data-fixture-id={fixture.id}
      data-code={outcome.code}
      data-picked={picked || undefined}
      data-refusal={refusal ?? undefined}
      onClick={toggle}
    >
      {label !== undefined && <span className="sp-odds-label">{label}</span>}
      <span className="sp-odds-value">
        {open ? (
          <>
            {flash > 0 && <span aria-hidden="true">▲</span>}
            {flash < 0 && <span aria-hidden="true">▼</span>}
            {outcome.odds}
          </>
        ) : (
          <LockIcon title={t('sports.locked')} />
        )}
      </span>
    </button>
  );
}

/** A small padlock (no emoji: not every system has a colour emoji font). */
export function LockIcon({ title }: { title: string }) {
  return (
    <svg className="sp-lock" width="12" height="12" viewBox="0 0 24 24" role="img" aria-label={title}>
      <path d="M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 017 0V11" fill="none" stroke="currentColor" strokeWidth="2.4" />
    </svg>
  );
}
