import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { currencyLabel, formatMoney, formatPoints, groupThousands } from '../../lib/money.ts';
import { AmountInput, QUICK_AMOUNTS_LONG } from '../../ui/amount-input.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { ExchangePinField, useBankRequest } from '../../ui/bank-request.tsx';
import { canSubmitAmount, canSubmitExchange, newRequestId, splitWindow } from '../../ui/money-rules.ts';
import { useAgent } from '../agent-session.tsx';
import { OwnRequests } from './own-requests.tsx';
import { PointStatement } from './statement.tsx';
import { useDeskChargeAccount, useDeskCharge, useDeskConvertPoint, useDeskExchange, useDeskLimits } from './queries.ts';

// The agent's own requests (spec §2 /pa-money-charging, /pa-money-exchanging,
// /pa-point-exchanging; §6). The member site's rules and texts (money.*), through ui/: the same
// disabled-while-zero buttons, the same refusals, one request id per submit.

/** A request form beside its rules, with the agent's balances on top. */
function DeskForm({ testId, title, rules, children }: { testId: string; title: string; rules: ReactNode; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { agent } = useAgent();
  return (
    <div className="pa-desk-grid">
      <section className="pa-desk-card" data-testid={testId}>
        <h2 className="pa-subtitle">{title}</h2>
        <table className="pa-table pa-table-kv">
          <tbody>
            <tr>
              <th>{t('partnerMoney.form.mine')}</th>
              <td data-testid="pa-desk-balance">{agent ? `${formatMoney(agent.money, i18n.language)} · ${formatPoints(agent.point, i18n.language)}` : '-'}</td>
            </tr>
          </tbody>
        </table>
        {children}
      </section>
      <section className="pa-desk-card">
        <h2 className="pa-subtitle">{t('money.common.rulesTitle')}</h2>
        <ul className="pa-desk-rules">{rules}</ul>
      </section>
    </div>
  );
}

/** The deposit account; behind the exchange password when the site asks for it (spec §5). */
function DepositAccount() {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const q = useDeskChargeAccount(asked);
  const bank = q.data?.bank;
  if (q.data?.password_required || (q.isError && asked))
    return (
      <div className="pa-desk-account" data-testid="pa-charge-account">
        <p className="pa-note">{t('money.deposit.passwordFirst')}</p>
        <ExchangePinField value={pin} onChange={setPin} testId="pa-charge-account-pin" />
        <button type="button" className="ui-btn" disabled={pin === ''} onClick={() => setAsked(pin)}>
          {t('money.deposit.reveal')}
        </button>
      </div>
    );
  if (!bank) return null;
  return (
    <table className="pa-table pa-table-kv" data-testid="pa-charge-account">
      <tbody>
        <tr>
          <th>{t('money.deposit.accountTitle')}</th>
          <td>{t(`money.deposit.kind.${bank.kind}`)}</td>
        </tr>
        <tr>
          <th>{t('money.deposit.bankName')}</th>
          <td>{bank.bank_name}</td>
        </tr>
        <tr>
          <th>{t('money.deposit.bankAccount')}</th>
          <td className="mono">{bank.bank_account}</td>
        </tr>
        <tr>
          <th>{t('money.deposit.bankHolder')}</th>
          <td>{bank.holder}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** /pa-money-charging */
export function PartnerChargePage() {
  const { t, i18n } = useTranslation();
  const limits = useDeskLimits();
  const charge = useDeskCharge();
  const [amount, setAmount] = useState('0');
  const [depositor, setDepositor] = useState('');
  const [pin, setPin] = useState('');
  const needsPin = Boolean(limits.data?.charge_requires_password);
  const money = (v: string) => formatMoney(v, i18n.language);
  const request = useBankRequest({
    send: () =>
      charge.mutateAsync({
        charge_money: amount,
        depositor_name: depositor.trim() || undefined,
        bank_password: needsPin ? pin : undefined,
        request_id: newRequestId(),
      }),
    failedTitle: t('money.deposit.failed'),
    done: t('money.deposit.done'),
    onDone: () => {
      setAmount('0');
      setPin('');
    },
  });
  const canSubmit = canSubmitAmount(amount) && (!needsPin || pin !== '') && !request.busy;
  const c = limits.data?.charge;
  const [start, end] = splitWindow(limits.data?.exchange.blackout);
  return (
    <BackofficePage title={t('partner.menu.pa-money-charging')} testId="pa-money-charging">
      <DeskForm
        testId="pa-charge-form"
        title={t('money.deposit.formTitle')}
        rules={
          <>
            <li>
              {t('money.deposit.ruleMin', { min: money(c?.min ?? '10000') })}
              {c?.max ? ` · ${t('money.common.max', { max: money(c.max) })}` : ''}
              {c?.unit ? ` · ${t('money.common.unit', { unit: money(c.unit) })}` : ''}
            </li>
            <li className="is-warn">{t('money.deposit.ruleHolder')}</li>
            <li>{t('money.deposit.ruleApproval')}</li>
            <li>{t('money.deposit.ruleDelay', { start, end })}</li>
          </>
        }
      >
        <DepositAccount />
        <form onSubmit={(e) => request.submit(e, canSubmit)} noValidate className="pa-desk-form">
          <label className="ui-field">
            <span className="ui-field-label">{t('money.deposit.depositor')}</span>
            <input
              className="ui-input"
              data-testid="pa-charge-holder"
              autoComplete="off"
              maxLength={40}
              placeholder={t('money.deposit.depositorPlaceholder')}
              value={depositor}
              onChange={(e) => setDepositor(e.target.value)}
            />
          </label>
          <AmountInput
            label={t('money.deposit.amount')}
            value={amount}
            onChange={setAmount}
            quick={QUICK_AMOUNTS_LONG}
            suffix={currencyLabel(i18n.language)}
            testId="pa-charge-amount"
            disabled={request.busy}
            hint={c ? t('money.deposit.minHint', { min: money(c.min) }) : undefined}
          />
          {needsPin && <ExchangePinField value={pin} onChange={setPin} testId="pa-charge-pin" />}
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-charge-submit" disabled={!canSubmit}>
            {request.busy ? t('money.common.sending') : t('money.deposit.submit')}
          </button>
        </form>
      </DeskForm>
      <OwnRequests type="charge" />
    </BackofficePage>
  );
}

/** /pa-money-exchanging */
export function PartnerExchangePage() {
  const { t, i18n } = useTranslation();
  const { agent } = useAgent();
  const limits = useDeskLimits();
  const exchangeCall = useDeskExchange();
  const [amount, setAmount] = useState('0');
  const [pin, setPin] = useState('');
  const needsPin = Boolean(limits.data?.use_exchange_password);
  const x = limits.data?.exchange;
  const money = (v: string) => formatMoney(v, i18n.language);
  const request = useBankRequest({
    send: () => exchangeCall.mutateAsync({ exchange_money: amount, bank_password: needsPin ? pin : undefined, request_id: newRequestId() }),
    failedTitle: t('money.withdraw.failed'),
    done: t('money.withdraw.done'),
    onDone: () => {
      setAmount('0');
      setPin('');
    },
  });
  const canSubmit = canSubmitExchange(amount, needsPin, pin) && !request.busy;
  const [start, end] = splitWindow(x?.blackout);
  const minText =
    x?.unit === null
      ? t('money.withdraw.minHint', { min: money(x.min) })
      : t('money.withdraw.unitHint', { min: money(x?.min ?? '10000'), unit: money(x?.unit ?? '10000') });
  return (
    <BackofficePage title={t('partner.menu.pa-money-exchanging')} testId="pa-money-exchanging">
      <DeskForm
        testId="pa-exchange-form"
        title={t('money.withdraw.formTitle')}
        rules={
          <>
            <li className="is-warn">{t('money.withdraw.blackout', { start, end })}</li>
            <li>
              {minText}
              {x?.max ? ` · ${t('money.common.max', { max: money(x.max) })}` : ''}
            </li>
            <li>{t('money.withdraw.ruleInterval')}</li>
            <li>{t('money.withdraw.ruleHold')}</li>
            <li>{t('money.withdraw.ruleAccount')}</li>
          </>
        }
      >
        <form onSubmit={(e) => request.submit(e, canSubmit)} noValidate className="pa-desk-form">
          <AmountInput
            label={t('money.withdraw.amount')}
            value={amount}
            onChange={setAmount}
            max={agent?.money}
            unit={x?.unit}
            quick={QUICK_AMOUNTS_LONG}
            suffix={currencyLabel(i18n.language)}
            testId="pa-exchange-amount"
            disabled={request.busy}
            hint={minText}
          />
          {needsPin && <ExchangePinField value={pin} onChange={setPin} testId="pa-exchange-pin" />}
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-exchange-submit" disabled={!canSubmit}>
            {request.busy ? t('money.common.sending') : t('money.withdraw.submit')}
          </button>
        </form>
      </DeskForm>
      <OwnRequests type="exchange" />
    </BackofficePage>
  );
}

const POINT_STEPS = [1_000, 5_000, 10_000, 50_000, 100_000] as const;

/** /pa-point-exchanging: the agent's own points to money, then its point statement. */
export function PartnerPointConvertPage() {
  const { t } = useTranslation();
  const { agent } = useAgent();
  const limits = useDeskLimits();
  const convert = useDeskConvertPoint();
  const [amount, setAmount] = useState('0');
  const rule = limits.data?.point;
  const request = useBankRequest({
    send: () => convert.mutateAsync({ point: amount, request_id: newRequestId() }),
    failedTitle: t('money.point.failed'),
    done: t('money.point.done'),
    onDone: () => setAmount('0'),
    // The ledger's refusal is about the points held, not the money (as on the member site).
    refusalText: (e) => (e.code === 'insufficient_funds' ? t('money.point.notEnough') : errorText(e)),
  });
  const canSubmit = canSubmitAmount(amount) && !request.busy;
  const ruleText = t('money.point.rule', { min: groupThousands(rule?.min ?? '1000'), unit: groupThousands(rule?.unit ?? '100') });
  return (
    <BackofficePage title={t('partner.menu.pa-point-exchanging')} testId="pa-point-exchanging">
      <DeskForm
        testId="pa-point-form"
        title={t('money.point.formTitle')}
        rules={
          <>
            <li>{ruleText}</li>
            <li>{t('money.point.ruleRate')}</li>
          </>
        }
      >
        <form onSubmit={(e) => request.submit(e, canSubmit)} noValidate className="pa-desk-form">
          <AmountInput
            label={t('money.point.amount')}
            value={amount}
            onChange={setAmount}
            max={agent?.point}
            unit={rule?.unit}
            quick={POINT_STEPS}
            suffix="P"
            testId="pa-point-amount"
            disabled={request.busy}
            hint={ruleText}
          />
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-point-submit" disabled={!canSubmit}>
            {request.busy ? t('money.common.sending') : t('money.point.submit')}
          </button>
        </form>
      </DeskForm>
      <PointStatement />
    </BackofficePage>
  );
}
