import { useTranslation } from 'react-i18next';
import type { BetRow, MinigameRound } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import { DrawView } from './draw-view.tsx';
import { isBetOfRound } from './my-bets.tsx';
import { formatCountdown } from './round-clock.ts';

type Props = {
  last: MinigameRound | null;
  current: MinigameRound | null;
  interval: number;
  serverNow: number;
  bets: BetRow[];
};

/**
 * The stage above the markets: the last result with its animation, or the round whose draw is
 * coming; below it, how the player's bets on that round ended and what they paid.
 */
export function DrawStage({ last, current, interval, serverNow, bets }: Props) {
  const { t, i18n } = useTranslation();
  // A round closed and not yet drawn sits between the last result and the current round.
  const pending = current !== null && (last === null || last.number < current.number - 1);
  const pendingDrawAt = current ? Date.parse(current.draws_at) - interval * 1000 : 0;
  const mine = last ? bets.filter((b) => isBetOfRound(b, last)) : [];
  const settled = mine.filter((b) => b.status !== 'open');
  const won = settled.filter((b) => b.status === 'won');
  const paid = settled.reduce((sum, b) => sum + BigInt(b.win_amount), 0n);

  return (
    <section className="mg-stage" data-testid="mg-stage">
      <div className="mg-stage-head">
        <span className="mg-stage-label">{last ? t('minigames.stage.last', { n: last.day_number }) : t('minigames.stage.none')}</span>
        {pending && current && (
          <span className="mg-stage-next" data-testid="mg-pending">
            {t('minigames.stage.pending', { n: current.day_number - 1 > 0 ? current.day_number - 1 : '' })}{' '}
            <b className="mg-num">{formatCountdown(pendingDrawAt - serverNow)}</b>
          </span>
        )}
      </div>
      <div className="mg-stage-body">
        {last?.result ? (
          <DrawView key={last.id} draw={last.result.draw} />
        ) : last?.status === 'void' ? (
          <p className="mg-empty">{t('minigames.history.void')}</p>
        ) : (
          <p className="mg-empty mg-stage-wait">{t('minigames.stage.waiting')}</p>
        )}
      </div>
      {settled.length > 0 && last && (
        <p className={won.length > 0 ? 'mg-outcome is-won' : 'mg-outcome is-lost'} data-testid="mg-outcome" data-won={won.length > 0} data-round={last.number}>
          {won.length > 0
            ? t('minigames.stage.won', { n: last.day_number, count: won.length, amount: formatMoney(paid, i18n.language) })
            : t('minigames.stage.lost', { n: last.day_number, count: settled.length })}
        </p>
      )}
    </section>
  );
}
