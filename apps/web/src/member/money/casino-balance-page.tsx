import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { useMember } from '../session.tsx';
import { ConversionHistory } from './conversion-history.tsx';
import { ConvertForm, type Direction } from './convert-form.tsx';
import { MoneyHead } from './money-tabs.tsx';
import { newRequestId } from '../../ui/money-rules.ts';
import { useRefreshWallet } from './use-money.ts';
import { useConvertCasino } from './queries.ts';

type CasinoWay = 'to_casino' | 'to_money';
const WAYS: readonly [Direction<CasinoWay>, Direction<CasinoWay>] = [
  { key: 'to_casino', from: 'money', to: 'balance' },
  { key: 'to_money', from: 'balance', to: 'money' },
];

/** /board/casino-balance (not for seamless wallets): money ↔ casino wallet and the conversion log. */
export function CasinoBalancePage() {
  const { t } = useTranslation();
  const convertCasino = useConvertCasino();
  return (
    <section className="mn-page" data-testid="casino-balance-page">
      <MoneyHead title={t('money.casino.title')} />
      <div className="mn-grid">
        <section className="m-card mn-card">
          <header className="mn-card-head">
            <h2>{t('money.casino.formTitle')}</h2>
          </header>
          <div className="mn-card-body">
            <ConvertForm
              directions={WAYS}
              testId="casino"
              failTitle={() => t('money.conversion.failed')}
              doneText={() => t('money.conversion.done')}
              send={(direction, amount, requestId) => convertCasino.mutateAsync({ direction, amount, request_id: requestId })}
            />
          </div>
        </section>
        <div className="mn-side">
          <ReclaimAll />
          <section className="m-card mn-card mn-rules">
            <header className="mn-card-head">
              <h2>{t('money.common.rulesTitle')}</h2>
            </header>
            <ul className="mn-rule-list">
              <li>{t('money.casino.ruleRate')}</li>
              <li>{t('money.casino.ruleGame')}</li>
              <li>{t('money.casino.ruleExchange')}</li>
            </ul>
          </section>
        </div>
      </div>
      <ConversionHistory />
    </section>
  );
}

/** Spec §8: "convert all casino money to money" asks first. */
function ReclaimAll() {
  const { t } = useTranslation();
  const convertCasino = useConvertCasino();
  const { user } = useMember();
  const refresh = useRefreshWallet();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const empty = !user || user.balance === '0';

  async function reclaim() {
    if (inFlight.current || empty) return;
    if (!(await showConfirm(t('money.casino.allConfirm')))) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await convertCasino.mutateAsync({ direction: 'to_money', all: true, request_id: newRequestId() });
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('money.conversion.failed'));
    refresh(answer.data.balances);
    await showAlert(t('money.conversion.done'));
  }

  return (
    <section className="m-card mn-card">
      <div className="mn-card-body">
        <p className="mn-muted">{t('money.casino.allHint')}</p>
        <button type="button" className="ui-btn ui-btn-block mn-btn-accent2" data-testid="casino-all" disabled={busy || empty} onClick={reclaim}>
          {t('money.casino.all')}
        </button>
      </div>
    </section>
  );
}
