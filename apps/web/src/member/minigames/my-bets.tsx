import { useTranslation } from 'react-i18next';
import type { BetRow, MinigameInfo, MinigameRound } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { marketLabel, pickLabel } from './labels.ts';
import { useCancelBet } from './queries.ts';

type Props = {
  bets: BetRow[];
  info: MinigameInfo;
  /** The round taking bets now, with the server's clock, to tell whether a bet may still be cancelled. */
  current: MinigameRound | null;
  serverNow: number;
  isLoading: boolean;
};

/** Whether a bet belongs to a round (a mini-game bet's round is the round's global number as text). */
export const isBetOfRound = (bet: BetRow, round: MinigameRound | null) => round !== null && bet.round === String(round.number);

/** My recent bets on this game; open ones of the current round can be cancelled while allowed. */
export function MyBets({ bets, info, current, serverNow, isLoading }: Props) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelBet();
  const money = (v: string) => formatMoney(v, i18n.language);
  const cancellable = (bet: BetRow) =>
    info.cancel_allowed &&
    bet.status === 'open' &&
    isBetOfRound(bet, current) &&
    current !== null &&
    Date.parse(current.draws_at) - serverNow > info.cancel_seconds * 1000;

  async function cancelBet(bet: BetRow) {
    if (!(await showConfirm(t('minigames.myBets.cancelAsk')))) return;
    const answer = await cancel.mutateAsync({ bet_id: bet.id });
    if (!answer.result) await showAlert(errorText(answer.error));
  }

  return (
    <section className="mg-box mg-mybets" data-testid="mg-mybets">
      <h2 className="mg-box-title">{t('minigames.myBets.title')}</h2>
      {bets.length === 0 ? (
        <p className="mg-empty">{isLoading ? t('minigames.loading') : t('minigames.myBets.empty')}</p>
      ) : (
        <ul className="mg-bet-list">
          {bets.map((bet) => {
            const sel = bet.selections[0];
            return (
              <li key={bet.id} className={`mg-bet is-${bet.status}`} data-testid="mg-bet" data-status={bet.status} data-round={bet.round ?? ''}>
                <div className="mg-bet-top">
                  <span className="mg-bet-pick">{sel ? `${marketLabel(t, i18n, sel.market ?? '')} · ${pickLabel(t, i18n, sel.pick)}` : '-'}</span>
                  <span className={`mg-badge is-${bet.status}`} data-testid="mg-bet-status">
                    {t(`betting.statuses.${bet.status}`)}
                  </span>
                </div>
                <div className="mg-bet-nums">
                  <span>{money(bet.amount)}</span>
                  <span className="mg-num">× {bet.odds}</span>
                  <span className={bet.status === 'won' ? 'mg-bet-win is-won' : 'mg-bet-win'} data-testid="mg-bet-win">
                    {bet.status === 'open' ? money(bet.potential_win) : money(bet.win_amount)}
                  </span>
                  {cancellable(bet) && (
                    <button
                      type="button"
                      className="ui-btn mg-btn-xs"
                      data-testid="mg-bet-cancel"
                      disabled={cancel.isPending}
                      onClick={() => void cancelBet(bet)}
                    >
                      {t('minigames.myBets.cancel')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
