import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText, queryErrorText } from '../../i18n/error-text.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { useMember } from '../session.tsx';
import { toPin } from '../../ui/money-rules.ts';
import { revealChargeAccount, useChargeAccount, useQuickAccount } from './queries.ts';

type Bank = CallData<'/api/user/bank/getChargeAccount'>['bank'];

/**
 * Where to send the deposit. With use_exchange_password the account shows only after the
 * exchange password (a wrong one is said inline, spec §8), except a permanent account already
 * verified in this session (spec §5: verified once); otherwise at once.
 */
export function ChargeAccount() {
  const { t } = useTranslation();
  const { context } = useMember();
  const auto = useChargeAccount(context !== undefined);
  const needsPassword = auto.data?.password_required === true;
  const [revealed, setRevealed] = useState<Bank>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bank = revealed ?? auto.data?.bank;

  async function reveal(e: FormEvent) {
    e.preventDefault();
    if (busy || !pin) return;
    setBusy(true);
    const answer = await revealChargeAccount(pin);
    setBusy(false);
    if (!answer.result) {
      setError(errorText(answer.error));
      return;
    }
    setError(null);
    setPin('');
    setRevealed(answer.data.bank);
  }

  return (
    <section className="m-card mn-card" data-testid="charge-account">
      <header className="mn-card-head">
        <h2>{t('money.deposit.accountTitle')}</h2>
        {bank && (
          <span className={bank.kind === 'permanent' ? 'mn-badge is-approved' : 'mn-badge is-waiting'} data-testid="charge-account-kind">
            {t(`money.deposit.kind.${bank.kind}`)}
          </span>
        )}
      </header>
      <div className="mn-card-body">
        {bank ? (
          <dl className="mn-account" data-testid="charge-account-info">
            <div>
              <dt>{t('money.deposit.bankName')}</dt>
              <dd>{bank.bank_name}</dd>
            </div>
            <div>
              <dt>{t('money.deposit.bankAccount')}</dt>
              <dd className="mn-mono mn-strong" data-testid="charge-account-number">
                {bank.bank_account}
              </dd>
            </div>
            <div>
              <dt>{t('money.deposit.bankHolder')}</dt>
              <dd>{bank.holder}</dd>
            </div>
          </dl>
        ) : needsPassword ? (
          <form className="mn-reveal" onSubmit={reveal} noValidate>
            <p className="mn-muted">{t('money.deposit.passwordFirst')}</p>
            <div className="ui-field-row">
              <input
                className="ui-input mn-pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                aria-label={t('money.common.exchangePassword')}
                placeholder={t('money.common.exchangePasswordPlaceholder')}
                data-testid="charge-account-password"
                value={pin}
                onChange={(e) => setPin(toPin(e.target.value))}
              />
              <button type="submit" className="ui-btn ui-btn-primary" data-testid="charge-account-reveal" disabled={busy || !pin}>
                {t('money.deposit.reveal')}
              </button>
            </div>
            {error && (
              <p className="mn-error" role="alert" data-testid="charge-account-error">
                {error}
              </p>
            )}
          </form>
        ) : auto.isError ? (
          <p className="mn-error">{queryErrorText(auto.error)}</p>
        ) : (
          <p className="mn-muted">{t('common.loading')}</p>
        )}
        {bank && <p className="mn-note">{t(`money.deposit.kindNote.${bank.kind}`)}</p>}
        <QuickAccountButton />
      </div>
    </section>
  );
}

/** Spec §7: a fixed-text inquiry asking the customer centre for the account to use. */
function QuickAccountButton() {
  const { t, i18n } = useTranslation();
  const quickAccount = useQuickAccount();
  const [busy, setBusy] = useState(false);
  async function ask() {
    if (busy) return;
    setBusy(true);
    const answer = await quickAccount.mutateAsync(undefined);
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('money.deposit.quickFailed'));
    // The server words its confirmation in Korean only; other languages get the same text translated.
    await showAlert(i18n.language === 'ko' && answer.data.message ? answer.data.message : t('money.deposit.quickDone'));
  }
  return (
    <button type="button" className="ui-btn ui-btn-block mn-quick-account" data-testid="quick-account" disabled={busy} onClick={ask}>
      {t('money.deposit.quickAccount')}
    </button>
  );
}
