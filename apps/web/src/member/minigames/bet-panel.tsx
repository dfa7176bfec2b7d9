import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinigameInfo, MinigameKey, MinigameRound } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { currencyLabel, formatMoney } from '../../lib/money.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { showAlert } from '../../ui/dialog.tsx';
import { useMember } from '../session.tsx';
import { marketLabel, pickLabel } from './labels.ts';
import type { Selection } from './market-board.tsx';
import { usePlaceBet } from './queries.ts';
import type { RoundPhase } from './round-clock.ts';
import { estimatedWin } from './stake.ts';

function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Props = {
  game: MinigameKey;
  info: MinigameInfo;
  round: MinigameRound | null;
  phase: RoundPhase | null;
  selection: Selection | null;
  onClear: () => void;
};

/** The slip: the chosen pick, the stake with quick-add buttons, the estimated winnings, place. */
export function BetPanel({ game, info, round, phase, selection, onClear }: Props) {
  const { t, i18n } = useTranslation();
  const { user } = useMember();
  const place = usePlaceBet();
  const [amount, setAmount] = useState('0');
  const inFlight = useRef(false);
  // One id per intended bet: a retry after a lost answer replays it instead of betting twice.
  const requestId = useRef(newRequestId());
  const open = phase === 'open' && info.betting_allowed && round !== null;
  const win = estimatedWin(amount, selection?.odds);
  const canPlace = open && selection !== null && amount !== '0' && !place.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canPlace || inFlight.current || !selection || !round) return;
    inFlight.current = true;
    const answer = await place.mutateAsync({
      game,
      round_id: round.id,
      market: selection.market,
      pick: selection.pick,
      amount,
      odds: selection.odds,
      request_id: requestId.current,
    });
    inFlight.current = false;
    if (!answer.result) {
      // A refusal is final for this id; the next try is a new bet.
      if (answer.error.code !== 'network_error') requestId.current = newRequestId();
      await showAlert(errorText(answer.error), t('minigames.bet.failed'));
      return;
    }
    requestId.current = newRequestId();
    setAmount('0');
    onClear();
    await showAlert(t('minigames.bet.done', { round: round.day_number, amount: formatMoney(answer.data.bet.amount, i18n.language) }));
  }

  return (
    <form className="mg-slip" onSubmit={submit} noValidate data-testid="mg-slip" data-open={open}>
      <h2 className="mg-slip-title">{t('minigames.bet.title')}</h2>
      {!open && (
        <p className="mg-slip-closed" data-testid="mg-closed">
          {info.betting_allowed ? t(`minigames.bet.closed.${phase ?? 'waiting'}`) : t('minigames.bet.notAllowed')}
        </p>
      )}
      <dl className="mg-slip-pick">
        <div>
          <dt>{t('minigames.bet.pick')}</dt>
          <dd data-testid="mg-slip-pick">
            {selection ? `${marketLabel(t, i18n, selection.market)} · ${pickLabel(t, i18n, selection.pick)}` : t('minigames.bet.choose')}
          </dd>
        </div>
        <div>
          <dt>{t('minigames.bet.odds')}</dt>
          <dd className="mg-num">{selection?.odds ?? '-'}</dd>
        </div>
      </dl>
      <AmountInput
        label={t('minigames.bet.amount')}
        value={amount}
        onChange={setAmount}
        max={user?.money}
        suffix={currencyLabel(i18n.language)}
        testId="mg-amount"
        disabled={!open}
      />
      <dl className="mg-slip-sum">
        <div>
          <dt>{t('minigames.bet.money')}</dt>
          <dd data-testid="mg-money">{formatMoney(user?.money ?? '0', i18n.language)}</dd>
        </div>
        <div className="is-win">
          <dt>{t('minigames.bet.win')}</dt>
          <dd data-testid="mg-est-win">{formatMoney(win, i18n.language)}</dd>
        </div>
      </dl>
      {info.limits && (
        <p className="mg-slip-limits">
          {t('minigames.bet.limits', {
            min: formatMoney(info.limits.min_bet, i18n.language),
            max: formatMoney(info.limits.max_bet, i18n.language),
            win: formatMoney(info.limits.max_win, i18n.language),
          })}
        </p>
      )}
      <button type="submit" className="ui-btn ui-btn-primary ui-btn-block mg-slip-submit" disabled={!canPlace} data-testid="mg-place">
        {place.isPending ? t('minigames.bet.placing') : t('minigames.bet.place')}
      </button>
    </form>
  );
}
