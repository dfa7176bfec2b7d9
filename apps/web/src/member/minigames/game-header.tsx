import { useTranslation } from 'react-i18next';
import type { MinigameInfo, MinigameRound } from '@wager/contracts';
import { formatCountdown, type RoundClock } from './round-clock.ts';

type Props = { info: MinigameInfo; name: string; round: MinigameRound | null; clock: RoundClock | null };

/** Game name and board, round number and the two countdowns (to the close and to the draw). */
export function GameHeader({ info, name, round, clock }: Props) {
  const { t } = useTranslation();
  const phase = clock?.phase ?? 'waiting';
  return (
    <header
      className="mg-head"
      data-testid="mg-head"
      data-phase={phase}
      data-round={round?.number ?? ''}
      data-opens-at={round?.opens_at ?? ''}
      data-closes-at={round?.closes_at ?? ''}
      data-draws-at={round?.draws_at ?? ''}
    >
      <div className="mg-head-title">
        <span className={`mg-board is-${info.board}`}>{t(`minigames.board.${info.board}`)}</span>
        <h1 className="mg-title">{name}</h1>
        {round && (
          <span className="mg-round" data-testid="mg-round">
            {t('minigames.round', { n: round.day_number })}
          </span>
        )}
      </div>
      <div className="mg-clocks" data-testid="mg-countdown">
        <div className={`mg-clock is-close${phase === 'open' ? ' is-live' : ''}`}>
          <span className="mg-clock-label">{t('minigames.clock.toClose')}</span>
          <b className="mg-clock-time" data-testid="mg-to-close">
            {clock ? formatCountdown(clock.toClose) : '--:--'}
          </b>
        </div>
        <div className="mg-clock is-draw">
          <span className="mg-clock-label">{t('minigames.clock.toDraw')}</span>
          <b className="mg-clock-time" data-testid="mg-to-draw">
            {clock ? formatCountdown(clock.toDraw) : '--:--'}
          </b>
        </div>
        <span className={`mg-phase is-${phase}`} data-testid="mg-phase">
          {t(`minigames.phase.${phase}`)}
        </span>
      </div>
    </header>
  );
}
