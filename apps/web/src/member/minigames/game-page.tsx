import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MinigameKey } from '@wager/contracts';
import { queryErrorText } from '../../i18n/error-text.ts';
import { useNow } from '../../ui/hooks.ts';
import { Loading } from '../../ui/states.tsx';
import { BetPanel } from './bet-panel.tsx';
import { DrawStage } from './draw-stage.tsx';
import { GameHeader } from './game-header.tsx';
import { gameOfPage, otherBoards, siblingsOf, type GamePage } from './games.ts';
import { HistoryTable } from './history-table.tsx';
import { gameLabel, marketLabel, pickLabel } from './labels.ts';
import { MarketBoard, type Selection } from './market-board.tsx';
import { MyBets } from './my-bets.tsx';
import { useGameInfo, useMyBets, useRefreshAfterDraw, useRound, type RoundData } from './queries.ts';
import { roundClock } from './round-clock.ts';
import { RulesView } from './rules-view.tsx';
import { StreakBoard } from './streak-board.tsx';
import './minigames.css';

/** One page for every mini-game route (spec §2): the route picks the game, the server's definition drives the rest. */
export default function MinigamePage({ page }: { page: GamePage }) {
  const { search } = useLocation();
  const game = gameOfPage(page, search);
  const { t, i18n } = useTranslation();
  return (
    <section className="mg-page" data-testid="minigame-page" data-game={game}>
      <nav className="mg-variants" aria-label={t('minigames.title')}>
        {siblingsOf(page.board).map((p) => (
          <NavLink key={p.game} to={p.path} className={p.game === game ? 'mg-variant is-on' : 'mg-variant'} data-testid={`mg-variant-${p.game}`}>
            {gameLabel(t, i18n, p.game)}
          </NavLink>
        ))}
        {otherBoards(page.board).map((p) => (
          <NavLink key={p.board} to={p.path} className="mg-variant is-board" data-testid={`mg-board-${p.board}`}>
            {t(`minigames.board.${p.board}`)}
          </NavLink>
        ))}
      </nav>
      <GameScreen key={game} game={game} />
    </section>
  );
}

/** While a draw is due the round is asked for every 2 s, else every 5 s. */
const FAST_POLL_MS = 2000;
const SLOW_POLL_MS = 5000;

function pollMs(offset: number, data: RoundData | undefined, interval: number): number {
  const current = data?.current;
  if (!current) return SLOW_POLL_MS;
  const now = Date.now() + offset;
  const pending = data.last === null || data.last.number < current.number - 1;
  const dueAt = pending ? Date.parse(current.draws_at) - interval * 1000 : Date.parse(current.draws_at);
  return now >= dueAt - 1000 ? FAST_POLL_MS : SLOW_POLL_MS;
}

function GameScreen({ game }: { game: MinigameKey }) {
  const { t, i18n } = useTranslation();
  const infoQuery = useGameInfo(game);
  const info = infoQuery.data?.games.find((g) => g.key === game);
  const interval = info?.interval_seconds ?? 60;
  const roundQuery = useRound(game, (offset, data) => pollMs(offset, data, interval));
  const myBets = useMyBets(game);
  const refreshAfterDraw = useRefreshAfterDraw();
  const [selection, setSelection] = useState<Selection | null>(null);
  const [tab, setTab] = useState<'history' | 'stats' | 'rules'>('history');
  const now = useNow(500);
  const side = useRef<HTMLElement>(null);
  const [slipInView, setSlipInView] = useState(false);
  useEffect(() => {
    const el = side.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSlipInView(entry.isIntersecting), { threshold: 0.15 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [infoQuery.data]);

  const data = roundQuery.data;
  const serverNow = now.getTime() + (data?.offset ?? 0);
  const current = data?.current ?? null;
  const last = data?.last ?? null;
  const clock = current ? roundClock({ opensAt: current.opens_at, closesAt: current.closes_at, drawsAt: current.draws_at }, serverNow) : null;
  const phase = current?.status === 'closed' && clock?.phase === 'open' ? 'closed' : (clock?.phase ?? null);

  // Crossing the close or the draw: ask for the round at once rather than at the next poll.
  const seenPhase = useRef(phase);
  useEffect(() => {
    if (seenPhase.current === phase) return;
    seenPhase.current = phase;
    void roundQuery.refetch();
    if (phase !== 'open') setSelection(null);
  }, [phase, roundQuery]);

  // A new result settles bets: the balance in the header, my bets, history and statistics refresh.
  // undefined = no answer yet; null = the game had no result when the page opened.
  const seenLast = useRef<number | null | undefined>(undefined);
  const lastDrawn = data ? (last?.result ? last.id : null) : undefined;
  useEffect(() => {
    if (lastDrawn === undefined) return;
    if (seenLast.current !== undefined && lastDrawn !== null && seenLast.current !== lastDrawn) void refreshAfterDraw(game);
    seenLast.current = lastDrawn;
  }, [lastDrawn, game, refreshAfterDraw]);

  if (infoQuery.isError) return <p className="mg-error">{queryErrorText(infoQuery.error)}</p>;
  if (!info) return <Loading />;

  const name = gameLabel(t, i18n, game);
  const bets = myBets.data?.bets ?? [];

  return (
    <>
      <GameHeader info={info} name={name} round={current} clock={clock ? { ...clock, phase: phase ?? clock.phase } : null} />
      <div className="mg-grid">
        <div className="mg-main">
          <DrawStage last={last} current={current} interval={interval} serverNow={serverNow} bets={bets} />
          <MarketBoard markets={info.markets} selected={selection} onSelect={setSelection} disabled={phase !== 'open' || !info.betting_allowed} />
        </div>
        <aside className="mg-side" ref={side}>
          <BetPanel game={game} info={info} round={current} phase={phase} selection={selection} onClear={() => setSelection(null)} />
          <MyBets bets={bets.slice(0, 10)} info={info} current={current} serverNow={serverNow} isLoading={myBets.isPending} />
        </aside>
      </div>
      {selection && !slipInView && (
        // Phones: the slip sits below the boards, so a chosen pick offers a way down to it.
        <button type="button" className="mg-jump" data-testid="mg-jump" onClick={() => side.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
          <span>
            {marketLabel(t, i18n, selection.market)} · <b>{pickLabel(t, i18n, selection.pick)}</b> <span className="mg-num">{selection.odds}</span>
          </span>
          <span className="mg-jump-go">{t('minigames.bet.toSlip')}</span>
        </button>
      )}
      <div className="mg-tabs" role="tablist">
        {(['history', 'stats', 'rules'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'mg-tab is-on' : 'mg-tab'}
            data-testid={`mg-tab-${k}`}
            onClick={() => setTab(k)}
          >
            {t(`minigames.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div className="mg-box mg-tab-body">
        {tab === 'history' && <HistoryTable game={game} info={info} />}
        {tab === 'stats' && <StreakBoard game={game} info={info} />}
        {tab === 'rules' && <RulesView info={info} />}
      </div>
    </>
  );
}
