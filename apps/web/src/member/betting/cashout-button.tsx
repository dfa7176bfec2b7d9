import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetRow } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { Modal } from '../../ui/modal.tsx';
import { newRequestId } from '../../ui/money-rules.ts';
import { useCashout, useCashoutOffer } from './queries.ts';
import './cashout.css';

/**
 * The cash-out button of an open sports bet in the member's betting history (decision 048): it
 * shows the offer as it moves with the odds, and opens a confirmation where the member takes all
 * of it or a part (slider or amount). Renders nothing for other bets.
 */
export function CashoutButton({ bet }: { bet: BetRow }) {
  const { t, i18n } = useTranslation();
  const eligible = bet.game_type === 'sports' && bet.status === 'open';
  const offer = useCashoutOffer(bet.id, eligible);
  // The offer the modal was opened with; the modal stays once the bet is settled by it.
  const [opened, setOpened] = useState<string | null>(null);
  const stop = (e: MouseEvent) => e.stopPropagation();
  const live = offer.data?.available ? offer.data.value : null;
  if (opened !== null)
    return (
      <span onClick={stop} onKeyDown={(e) => e.stopPropagation()}>
        <CashoutModal bet={bet} value={eligible && live !== null ? live : opened} onClose={() => setOpened(null)} />
      </span>
    );
  if (!eligible || !offer.data) return null;
  if (live === null) {
    if (offer.data.reason !== 'cashout_suspended') return null;
    return (
      <span className="co-paused" data-testid="cashout-paused" onClick={stop}>
        {t('betting.cashout.suspended')}
      </span>
    );
  }
  return (
    <span onClick={stop} onKeyDown={(e) => e.stopPropagation()}>
      <button type="button" className="co-button" data-testid="cashout-button" data-value={live} onClick={() => setOpened(live)}>
        {t('betting.cashout.button', { amount: formatMoney(live, i18n.language) })}
      </button>
    </span>
  );
}

function CashoutModal({ bet, value, onClose }: { bet: BetRow; value: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (v: string | bigint) => formatMoney(v, i18n.language);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState(() => String(BigInt(value) / 2n));
  // One request id per confirmation: a retried click answers the first cash-out.
  const [requestId] = useState(newRequestId);
  const cashout = useCashout();
  const full = BigInt(value);
  const asked = BigInt(amount || '0');
  const partial = mode === 'partial' && asked > 0n && asked < full;
  // What stays on the bet, as the server computes it (stake rounded up, potential win down).
  const stake = BigInt(bet.amount);
  const taken = partial ? (asked * stake + full - 1n) / full : stake;
  const left = stake - (taken < stake ? taken : stake);
  const leftPotential = (BigInt(bet.potential_win) * left) / stake;
  const answer = cashout.data;
  const confirm = () => {
    cashout.mutate({ request_id: requestId, bet_id: bet.id, offered: value, ...(partial ? { amount: String(asked) } : {}) });
  };
  return (
    <Modal title={t('betting.cashout.title')} onClose={onClose} testId="cashout-modal">
      {answer?.result ? (
        <div className="co-body">
          <p className="co-done" data-testid="cashout-done">
            {t('betting.cashout.done', { amount: money(answer.data.cashout.value) })}
          </p>
          <button type="button" className="co-confirm" onClick={onClose}>
            {t('betting.cashout.cancel')}
          </button>
        </div>
      ) : (
        <div className="co-body">
          <dl className="co-facts">
            <dt>{t('betting.cashout.stake')}</dt>
            <dd>{money(bet.amount)}</dd>
            <dt>{t('betting.cashout.offer')}</dt>
            <dd className="co-offer" data-testid="cashout-offer">
              {money(value)}
            </dd>
          </dl>
          <p className="co-live">{t('betting.cashout.live')}</p>
          <div className="co-modes" role="radiogroup">
            {(['full', 'partial'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                className={mode === m ? 'is-on' : ''}
                data-testid={`cashout-${m}`}
                onClick={() => setMode(m)}
              >
                {t(`betting.cashout.${m}`)}
              </button>
            ))}
          </div>
          {mode === 'partial' && (
            <div className="co-partial">
              <input
                type="range"
                className="co-slider"
                min={1}
                max={String(full - 1n)}
                value={amount}
                aria-label={t('betting.cashout.amount')}
                data-testid="cashout-slider"
                onChange={(e) => setAmount(e.target.value)}
              />
              <AmountInput value={amount} onChange={setAmount} label={t('betting.cashout.amount')} quick={[]} testId="cashout-amount" />
              {partial && (
                <p className="co-left" data-testid="cashout-left">
                  {t('betting.cashout.remaining', { amount: money(left), potential: money(leftPotential) })}
                </p>
              )}
            </div>
          )}
          {answer && !answer.result && (
            <p className="co-error" role="alert" data-testid="cashout-error">
              {errorText(answer.error)}
            </p>
          )}
          <div className="co-actions">
            <button type="button" className="co-cancel" onClick={onClose}>
              {t('betting.cashout.cancel')}
            </button>
            <button
              type="button"
              className="co-confirm"
              data-testid="cashout-confirm"
              disabled={cashout.isPending || (mode === 'partial' && !partial)}
              onClick={confirm}
            >
              {t('betting.cashout.confirm')} · {money(partial ? asked : full)}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
