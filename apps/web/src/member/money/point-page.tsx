import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { groupThousands } from '../../lib/money.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { showAlert } from '../../ui/dialog.tsx';
import { useMember } from '../session.tsx';
import { MoneyHead, WalletStrip } from './money-tabs.tsx';
import { canSubmitAmount, newRequestId } from '../../ui/money-rules.ts';
import { PointLog } from './point-log.tsx';
import { useBankLimits, useRefreshWallet } from './use-money.ts';
import { useConvertPoint } from './queries.ts';

/** Point-sized quick steps (money's 10,000+ steps are far above most point balances). */
const POINT_STEPS = [1_000, 5_000, 10_000, 50_000, 100_000] as const;

/** /board/point: held points, point → money conversion, point log (spec §2, §3, §5). */
export function PointPage() {
  const { t } = useTranslation();
  return (
    <section className="mn-page" data-testid="point-page">
      <MoneyHead title={t('money.point.title')} />
      <div className="mn-grid">
        <PointForm />
        <PointRules />
      </div>
      <PointLog />
    </section>
  );
}

function PointForm() {
  const { t } = useTranslation();
  const convertPoint = useConvertPoint();
  const { user } = useMember();
  const limits = useBankLimits();
  const refresh = useRefreshWallet();
  const [amount, setAmount] = useState('0');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const rule = limits.data?.point;
  const canSubmit = canSubmitAmount(amount) && !busy;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current || !canSubmit) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await convertPoint.mutateAsync({ point: amount, request_id: newRequestId() });
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) {
      // The ledger's refusal is about the points held, not the money (decision 013).
      const text = answer.error.code === 'insufficient_funds' ? t('money.point.notEnough') : errorText(answer.error);
      await showAlert(text, t('money.point.failed'));
      return;
    }
    setAmount('0');
    refresh(answer.data.balances);
    await showAlert(t('money.point.done'));
  }

  return (
    <form className="m-card mn-card mn-form" onSubmit={submit} noValidate data-testid="point-form">
      <header className="mn-card-head">
        <h2>{t('money.point.formTitle')}</h2>
      </header>
      <div className="mn-card-body mn-point-body">
        <WalletStrip show={['point', 'money']} />
        <AmountInput
          label={t('money.point.amount')}
          value={amount}
          onChange={setAmount}
          max={user?.point}
          unit={rule?.unit}
          quick={POINT_STEPS}
          suffix="P"
          testId="point-amount"
          disabled={busy}
          hint={rule ? t('money.point.rule', { min: groupThousands(rule.min), unit: groupThousands(rule.unit) }) : undefined}
        />
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="point-submit" disabled={!canSubmit}>
          {busy ? t('money.common.sending') : t('money.point.submit')}
        </button>
      </div>
    </form>
  );
}

function PointRules() {
  const { t } = useTranslation();
  const limits = useBankLimits();
  const rule = limits.data?.point;
  return (
    <section className="m-card mn-card mn-rules" data-testid="point-rules">
      <header className="mn-card-head">
        <h2>{t('money.common.rulesTitle')}</h2>
      </header>
      <ul className="mn-rule-list">
        <li>{t('money.point.rule', { min: groupThousands(rule?.min ?? '1000'), unit: groupThousands(rule?.unit ?? '100') })}</li>
        <li>{t('money.point.ruleRate')}</li>
        <li>{t('money.point.ruleEarn')}</li>
      </ul>
    </section>
  );
}
