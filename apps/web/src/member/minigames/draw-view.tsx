import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinigameDraw } from '@wager/contracts';
import { teamLabel } from './labels.ts';
import { LadderPath } from './ladder-path.tsx';

/** Ball colours by range, the way powerball boards paint them. */
function ballTone(n: number, max: number): string {
  const band = Math.min(3, Math.floor(((n - 1) / Math.max(1, max)) * 4));
  return ['is-yellow', 'is-blue', 'is-red', 'is-green'][band] ?? 'is-yellow';
}

function Ball({ n, index, tone, big }: { n: number; index: number; tone: string; big?: boolean }) {
  const style = { '--mg-i': index } as CSSProperties;
  return (
    <span className={`mg-ball ${tone}${big ? ' is-big' : ''}`} style={style} data-testid="mg-ball">
      {n}
    </span>
  );
}

function Balls({ balls, max }: { balls: number[]; max: number }) {
  return (
    // Twenty keno balls roll in faster than five powerball ones, so the whole draw takes about as long.
    <div className="mg-balls" style={balls.length > 6 ? ({ '--mg-step': '0.12s' } as CSSProperties) : undefined}>
      {balls.map((n, i) => (
        <Ball key={`${i}-${n}`} n={n} index={i} tone={ballTone(n, max)} />
      ))}
    </div>
  );
}

/**
 * The drawn outcome with its animation (balls rolling in, the ladder path drawing itself). Keyed
 * by the round from the outside, so a new draw mounts it fresh and the animation plays again.
 */
export function DrawView({ draw }: { draw: MinigameDraw }): ReactElement {
  const { t, i18n } = useTranslation();
  switch (draw.family) {
    case 'powerball':
      return (
        <div className="mg-draw is-powerball" data-testid="mg-draw" data-family="powerball">
          <Balls balls={draw.balls} max={28} />
          <span className="mg-draw-plus" aria-hidden="true">
            +
          </span>
          <Ball n={draw.power} index={draw.balls.length} tone="is-power" big />
          <span className="mg-draw-sum">
            {t('minigames.draw.sum')} <b>{draw.sum}</b>
          </span>
        </div>
      );
    case 'ladder':
      return (
        <div className="mg-draw is-ladder" data-testid="mg-draw" data-family="ladder">
          <LadderPath start={draw.start} lines={draw.lines} finish={draw.finish} />
          <div className="mg-ladder-read">
            <span className={`mg-chip is-${draw.start}`}>{t(`minigames.draw.${draw.start}`)}</span>
            <span className="mg-chip">{t('minigames.draw.lines', { n: draw.lines })}</span>
            <span className={`mg-chip is-${draw.finish}`}>{t(`minigames.pick.${draw.finish}`)}</span>
          </div>
          {draw.balls && draw.balls.length > 0 && <Balls balls={draw.balls} max={70} />}
        </div>
      );
    case 'keno':
      return (
        <div className="mg-draw is-keno" data-testid="mg-draw" data-family="keno">
          <Balls balls={draw.balls} max={70} />
          <span className="mg-draw-sum">
            {t('minigames.draw.sum')} <b>{draw.sum}</b>
          </span>
        </div>
      );
    case 'lotto':
      return (
        <div className="mg-draw is-lotto" data-testid="mg-draw" data-family="lotto">
          <Balls balls={draw.balls} max={45} />
          <span className="mg-draw-plus" aria-hidden="true">
            +
          </span>
          <Ball n={draw.bonus} index={draw.balls.length} tone="is-power" big />
          <span className="mg-draw-sum">
            {t('minigames.draw.sum')} <b>{draw.sum}</b>
          </span>
        </div>
      );
    case 'dice':
      return (
        <div className="mg-draw is-dice" data-testid="mg-draw" data-family="dice">
          {draw.dice.map((d, i) => (
            <span key={i} className="mg-die" style={{ '--mg-i': i } as CSSProperties}>
              {['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'][d - 1] ?? d}
            </span>
          ))}
          <span className="mg-draw-sum">
            {t('minigames.draw.sum')} <b>{draw.sum}</b>
          </span>
        </div>
      );
    case 'roulette':
      return (
        <div className="mg-draw is-roulette" data-testid="mg-draw" data-family="roulette">
          <span className={`mg-ball is-big is-${draw.color}`} style={{ '--mg-i': 0 } as CSSProperties}>
            {draw.number}
          </span>
        </div>
      );
    case 'cockfight':
      return (
        <div className="mg-draw is-cockfight" data-testid="mg-draw" data-family="cockfight">
          <span className={`mg-chip is-big is-${draw.winner}`}>{t(`minigames.pick.${draw.winner}`)}</span>
        </div>
      );
    case 'virtual':
      return (
        <div className="mg-draw is-virtual" data-testid="mg-draw" data-family="virtual">
          <span>{teamLabel(t, i18n, draw.home)}</span>
          <b className="mg-score">
            {draw.home_goals} : {draw.away_goals}
          </b>
          <span>{teamLabel(t, i18n, draw.away)}</span>
        </div>
      );
  }
}
