import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer, CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney, groupThousands } from '../../lib/money.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { showAlert } from '../../ui/dialog.tsx';
import { useMember } from '../session.tsx';
import { canSubmitAmount, newRequestId } from '../../ui/money-rules.ts';
import { currencyOf, useRefreshWallet } from './use-money.ts';

type Wallet = 'money' | 'balance' | 'egg';
type ConvertAnswer = ApiAnswer<CallData<'/api/user/bank/convertCasino'>>;
export type Direction<D extends string> = { key: D; from: Wallet; to: Wallet };

type ConvertFormProps<D extends string> = {
  directions: readonly [Direction<D>, Direction<D>];
  send: (direction: D, amount: string, requestId: string) => Promise<ConvertAnswer>;
  testId: string;
  failTitle: (direction: D) => string;
  doneText: (direction: D) => string;
  disabled?: boolean;
  children?: ReactNode;
};

/** One wallet ↔ another at 1:1 (casino money, eggs): pick the way, the amount, send once. */
export function ConvertForm<D extends string>({ directions, send, testId, failTitle, doneText, disabled, children }: ConvertFormProps<D>) {
  const { t, i18n } = useTranslation();
  const { user } = useMember();
  const refresh = useRefreshWallet();
  const [direction, setDirection] = useState<D>(directions[0].key);
  const [amount, setAmount] = useState('0');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const way = directions.find((d) => d.key === direction) ?? directions[0];
  const show = (wallet: Wallet, v: string) => (wallet === 'egg' ? groupThousands(v) : formatMoney(v, i18n.language));
  const canSubmit = canSubmitAmount(amount) && !busy && !disabled;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current || !canSubmit) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await send(direction, amount, newRequestId());
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) {
      // Name the balance that is short (casino money, eggs), not "held money" in general.
      const short = answer.error.code === 'insufficient_funds' ? t('money.conversion.notEnough', { wallet: t(`money.wallet.${way.from}`) }) : null;
      await showAlert(short ?? errorText(answer.error), failTitle(direction));
      return;
    }
    setAmount('0');
    refresh(answer.data.balances);
    await showAlert(doneText(direction));
  }

  return (
    <form className="mn-convert" onSubmit={submit} noValidate data-testid={testId}>
      <div className="mn-ways" role="radiogroup" aria-label={t('money.conversion.direction')}>
        {directions.map((d) => (
          <button
            key={d.key}
            type="button"
            role="radio"
            aria-checked={d.key === direction}
            className={d.key === direction ? 'mn-way is-on' : 'mn-way'}
            data-testid={`${testId}-${d.key}`}
            onClick={() => {
              setDirection(d.key);
              setAmount('0');
            }}
          >
            <span>{t(`money.wallet.${d.from}`)}</span>
            <span className="mn-way-arrow" aria-hidden="true">
              →
            </span>
            <span>{t(`money.wallet.${d.to}`)}</span>
          </button>
        ))}
      </div>
      {user && (
        <dl className="mn-wallet">
          {[way.from, way.to].map((w) => (
            <div key={w} className={`mn-wallet-item is-${w}`}>
              <dt>{t(`money.wallet.${w}`)}</dt>
              <dd data-testid={`${testId}-wallet-${w}`}>{show(w, user[w])}</dd>
            </div>
          ))}
        </dl>
      )}
      <AmountInput
        label={t('money.conversion.amount')}
        value={amount}
        onChange={setAmount}
        max={user?.[way.from]}
        suffix={way.from === 'egg' ? undefined : currencyOf(i18n.language)}
        testId={`${testId}-amount`}
        disabled={busy || disabled}
      />
      {children}
      <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid={`${testId}-submit`} disabled={!canSubmit}>
        {busy ? t('money.common.sending') : t('money.conversion.submit')}
      </button>
    </form>
  );
}
