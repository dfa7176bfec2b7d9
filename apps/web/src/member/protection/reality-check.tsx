import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../api/use-token.ts';
import { formatMoney } from '../../lib/money.ts';
import { Modal } from '../../ui/modal.tsx';
import { useMember } from '../session.tsx';
import { useContinueRealityCheck, useRealityCheck } from './queries.ts';
import './reality-check.css';

/**
 * The reality check (issue 23, decision 058): when the session has run an interval on the server
 * clock, the session length and its net result, with "continue" (the server moves the next check
 * one interval on) or "log out". Closing the dialog is continuing: the player has seen it.
 */
export function RealityCheckHost() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn, context } = useMember();
  const token = useToken('player');
  const { check, shouldAsk, isDue, refetch } = useRealityCheck(isLoggedIn ? token : null, context?.server_time);
  const continueCheck = useContinueRealityCheck(isLoggedIn ? token : null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (shouldAsk) void refetch();
  }, [shouldAsk, refetch]);

  if (!isLoggedIn || !check || !isDue) return null;
  const onContinue = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await continueCheck();
    } finally {
      setBusy(false);
    }
  };
  const net = BigInt(check.net);
  return (
    <Modal title={t('realityCheck.title')} onClose={() => void onContinue()} testId="reality-check">
      <p>{t('realityCheck.body', { minutes: check.session_minutes })}</p>
      <dl className="m-reality-figures">
        <dt>{t('realityCheck.sessionLength')}</dt>
        <dd data-testid="reality-session-length">{t('realityCheck.minutes', { n: check.session_minutes })}</dd>
        <dt>{t('realityCheck.stakes')}</dt>
        <dd>{formatMoney(check.stakes, i18n.language)}</dd>
        <dt>{t('realityCheck.payouts')}</dt>
        <dd>{formatMoney(check.payouts, i18n.language)}</dd>
        <dt>{t('realityCheck.netResult')}</dt>
        <dd data-testid="reality-net" className={net < 0n ? 'is-loss' : net > 0n ? 'is-win' : undefined}>
          {net > 0n ? '+' : ''}
          {formatMoney(check.net, i18n.language)}
        </dd>
      </dl>
      <div className="m-reality-actions">
        <button type="button" className="ui-btn" data-testid="reality-logout" onClick={() => void navigate('/logout')}>
          {t('realityCheck.logout')}
        </button>
        <button type="button" className="ui-btn ui-btn-primary" data-testid="reality-continue" disabled={busy} onClick={() => void onContinue()}>
          {t('realityCheck.continue')}
        </button>
      </div>
    </Modal>
  );
}
