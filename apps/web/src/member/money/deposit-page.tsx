import { useState } from 'react';
import { BONUS_GAMES, type BonusGame } from '@wager/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { AmountInput, QUICK_AMOUNTS_LONG } from '../../ui/amount-input.tsx';
import { BankHistory } from './bank-history.tsx';
import { ExchangePinField, useBankRequest } from '../../ui/bank-request.tsx';
import { ChargeAccount } from './charge-account.tsx';
import { MoneyHead, WalletStrip } from './money-tabs.tsx';
import { canSubmitAmount, newRequestId, splitWindow } from '../../ui/money-rules.ts';
import { currencyOf, useBankLimits, useRefreshWallet } from './use-money.ts';
import { useMember } from '../session.tsx';
import { useCharge } from './queries.ts';

/** /board/money-deposit: deposit account, charge request, charge history (spec §2, §5). */
export function DepositPage() {
  const { t } = useTranslation();
  return (
    <section className="mn-page" data-testid="deposit-page">
      <MoneyHead title={t('money.deposit.title')} />
      <div className="mn-grid">
        <ChargeForm />
        <div className="mn-side">
          <ChargeAccount />
          <ChargeRules />
        </div>
      </div>
      <BankHistory type="charge" />
    </section>
  );
}

function ChargeForm() {
  const { t, i18n } = useTranslation();
  const charge = useCharge();
  const limits = useBankLimits();
  const refresh = useRefreshWallet();
  const [amount, setAmount] = useState('0');
  const { user } = useMember();
  // The depositor must be the registered holder (spec §5): start from that name.
  const [depositor, setDepositor] = useState(user?.bank_holder ?? '');
  const [pin, setPin] = useState('');
  // The game the charge is for: its bonus points are capped by that game's maximum (decision 043).
  const [bonusGame, setBonusGame] = useState<BonusGame | ''>('');
  const needsPin = Boolean(limits.data?.charge_requires_password);
  const request = useBankRequest({
    send: () =>
      charge.mutateAsync({
        charge_money: amount,
        depositor_name: depositor.trim() || undefined,
        bank_password: needsPin ? pin : undefined,
        bonus_game: bonusGame || undefined,
        request_id: newRequestId(),
      }),
    failedTitle: t('money.deposit.failed'),
    done: t('money.deposit.done'),
    onDone: () => {
      setAmount('0');
      setPin('');
      refresh();
    },
  });
  const busy = request.busy;
  const canSubmit = canSubmitAmount(amount) && (!needsPin || pin !== '') && !busy;

  return (
    <form className="m-card mn-card mn-form" onSubmit={(e) => request.submit(e, canSubmit)} noValidate data-testid="deposit-form">
      <header className="mn-card-head">
        <h2>{t('money.deposit.formTitle')}</h2>
      </header>
      <div className="mn-card-body">
        <WalletStrip show={['money', 'point']} />
        <label className="ui-field">
          <span className="ui-field-label">{t('money.deposit.depositor')}</span>
          <input
            className="ui-input"
            data-testid="deposit-holder"
            autoComplete="off"
            maxLength={40}
            placeholder={t('money.deposit.depositorPlaceholder')}
            value={depositor}
            onChange={(e) => setDepositor(e.target.value)}
          />
          <span className="mn-hint">{t('money.deposit.depositorHint')}</span>
        </label>
        <AmountInput
          label={t('money.deposit.amount')}
          value={amount}
          onChange={setAmount}
          quick={QUICK_AMOUNTS_LONG}
          suffix={currencyOf(i18n.language)}
          testId="deposit-amount"
          disabled={busy}
          hint={limits.data ? t('money.deposit.minHint', { min: formatMoney(limits.data.charge.min, i18n.language) }) : undefined}
        />
        <label className="ui-field">
          <span className="ui-field-label">{t('money.deposit.bonusGame')}</span>
          <select
            className="ui-input"
            data-testid="deposit-bonus-game"
            value={bonusGame}
            disabled={busy}
            onChange={(e) => setBonusGame(e.target.value as BonusGame | '')}
          >
            <option value="">{t('money.deposit.bonusNone')}</option>
            {BONUS_GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`money.deposit.bonusGames.${g}`)}
              </option>
            ))}
          </select>
          <span className="mn-hint">{t('money.deposit.bonusHint')}</span>
        </label>
        {needsPin && <ExchangePinField value={pin} onChange={setPin} testId="deposit-password" />}
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="deposit-submit" disabled={!canSubmit}>
          {busy ? t('money.common.sending') : t('money.deposit.submit')}
        </button>
      </div>
    </form>
  );
}

/** Spec §5, §9: the deposit rules, with the limits the server applies. */
function ChargeRules() {
  const { t, i18n } = useTranslation();
  const limits = useBankLimits();
  const money = (v: string) => formatMoney(v, i18n.language);
  const charge = limits.data?.charge;
  const [start, end] = splitWindow(limits.data?.exchange.blackout);
  return (
    <section className="m-card mn-card mn-rules" data-testid="deposit-rules">
      <header className="mn-card-head">
        <h2>{t('money.common.rulesTitle')}</h2>
      </header>
      <ul className="mn-rule-list">
        <li data-testid="deposit-limits">
          {t('money.deposit.ruleMin', { min: money(charge?.min ?? '10000') })}
          {charge?.max ? ` · ${t('money.common.max', { max: money(charge.max) })}` : ''}
          {charge?.unit ? ` · ${t('money.common.unit', { unit: money(charge.unit) })}` : ''}
        </li>
        <li className="is-warn">{t('money.deposit.ruleHolder')}</li>
        <li>{t('money.deposit.ruleAccount')}</li>
        <li>{t('money.deposit.ruleApproval')}</li>
        <li>{t('money.deposit.ruleDelay', { start, end })}</li>
      </ul>
    </section>
  );
}
