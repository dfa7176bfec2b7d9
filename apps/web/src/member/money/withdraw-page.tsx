import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { AmountInput, QUICK_AMOUNTS_LONG } from '../../ui/amount-input.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useMember } from '../session.tsx';
import { BankHistory } from './bank-history.tsx';
import { ExchangePinField, useBankRequest } from '../../ui/bank-request.tsx';
import { MoneyHead, WalletStrip } from './money-tabs.tsx';
import { canSubmitExchange, newRequestId, splitWindow } from '../../ui/money-rules.ts';
import { currencyOf, useBankLimits, useRefreshWallet } from './use-money.ts';
import { useExchange } from './queries.ts';

/** /board/money-withdraw: exchange request with the exchange password, and its history. */
export function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <section className="mn-page" data-testid="withdraw-page">
      <MoneyHead title={t('money.withdraw.title')} />
      <div className="mn-grid">
        <ExchangeForm />
        <ExchangeRules />
      </div>
      <BankHistory type="exchange" />
    </section>
  );
}

function ExchangeForm() {
  const { t, i18n } = useTranslation();
  const exchangeCall = useExchange();
  const { context, user } = useMember();
  const limits = useBankLimits();
  const refresh = useRefreshWallet();
  const [amount, setAmount] = useState('0');
  const [pin, setPin] = useState('');
  const needsPin = Boolean(context?.use_exchange_password);
  const exchange = limits.data?.exchange;
  const money = (v: string) => formatMoney(v, i18n.language);
  const request = useBankRequest({
    send: () =>
      exchangeCall.mutateAsync({
        exchange_money: amount,
        bank_password: needsPin ? pin : undefined,
        request_id: newRequestId(),
      }),
    failedTitle: t('money.withdraw.failed'),
    done: t('money.withdraw.done'),
    onDone: (data) => {
      setAmount('0');
      setPin('');
      refresh({ money: data.money });
    },
  });
  const busy = request.busy;
  const canSubmit = canSubmitExchange(amount, needsPin, pin) && !busy;

  return (
    <form className="m-card mn-card mn-form" onSubmit={(e) => request.submit(e, canSubmit)} noValidate data-testid="withdraw-form">
      <header className="mn-card-head">
        <h2>{t('money.withdraw.formTitle')}</h2>
      </header>
      <div className="mn-card-body">
        <WalletStrip show={['money']} />
        <AmountInput
          label={t('money.withdraw.amount')}
          value={amount}
          onChange={setAmount}
          max={user?.money}
          unit={exchange?.unit}
          quick={QUICK_AMOUNTS_LONG}
          suffix={currencyOf(i18n.language)}
          testId="withdraw-amount"
          disabled={busy}
          hint={
            exchange?.unit === null
              ? t('money.withdraw.minHint', { min: money(exchange.min) })
              : t('money.withdraw.unitHint', { min: money(exchange?.min ?? '10000'), unit: money(exchange?.unit ?? '10000') })
          }
        />
        {needsPin && <ExchangePinField value={pin} onChange={setPin} testId="withdraw-password" />}
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="withdraw-submit" disabled={!canSubmit}>
          {busy ? t('money.common.sending') : t('money.withdraw.submit')}
        </button>
      </div>
    </form>
  );
}

/** Spec §9: blackout window, one request per 3 hours, deducted at request, 24-hour processing. */
function ExchangeRules() {
  const { t, i18n } = useTranslation();
  const limits = useBankLimits();
  const exchange = limits.data?.exchange;
  const money = (v: string) => formatMoney(v, i18n.language);
  const [start, end] = splitWindow(exchange?.blackout);
  return (
    <section className="m-card mn-card mn-rules" data-testid="withdraw-rules">
      <header className="mn-card-head">
        <h2>{t('money.common.rulesTitle')}</h2>
      </header>
      <p className="mn-alert" data-testid="withdraw-blackout">
        <Icon name="clock" size={16} />
        <span>{t('money.withdraw.blackout', { start, end })}</span>
      </p>
      <ul className="mn-rule-list">
        <li data-testid="withdraw-limits">
          {exchange?.unit === null
            ? t('money.withdraw.minHint', { min: money(exchange.min) })
            : t('money.withdraw.ruleMin', { min: money(exchange?.min ?? '10000'), unit: money(exchange?.unit ?? '10000') })}
          {exchange?.max ? ` · ${t('money.common.max', { max: money(exchange.max) })}` : ''}
        </li>
        <li>{t('money.withdraw.ruleInterval')}</li>
        <li>{t('money.withdraw.ruleHold')}</li>
        <li>{t('money.withdraw.ruleAccount')}</li>
        <li>{t('money.withdraw.ruleDelay')}</li>
      </ul>
    </section>
  );
}
