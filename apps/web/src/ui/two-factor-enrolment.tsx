import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer } from '@wager/contracts';
import { errorText } from '../i18n/error-text.ts';
import { showAlert } from './dialog.tsx';

type Enrolment = { secret: string; otpauth_uri: string; qr_data_url: string };

type Props = {
  begin: () => Promise<ApiAnswer<Enrolment>>;
  confirm: (code: string) => Promise<ApiAnswer<{ recovery_codes: string[] }>>;
  /** After the recovery codes were shown. */
  onDone: () => void;
  /** Shown above the steps (e.g. why the admin is here). */
  notice?: string;
};

/**
 * Two-factor enrolment of the admin or partner site (decision 050): a fresh secret as a QR code
 * and as text, confirmed with the app's first code, then the recovery codes, shown this once.
 * Test ids: tf-start, tf-qr, tf-secret, tf-code, tf-confirm, tf-recovery, tf-done.
 */
export function TwoFactorEnrolment({ begin, confirm, onDone, notice }: Props) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    const answer = await begin();
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('twoFactor.title'));
    setEnrolment(answer.data);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) return showAlert(t('twoFactor.codeEmpty'), t('twoFactor.title'));
    setBusy(true);
    const answer = await confirm(code.trim());
    setBusy(false);
    if (!answer.result) {
      setCode('');
      return showAlert(errorText(answer.error), t('twoFactor.title'));
    }
    setCodes(answer.data.recovery_codes);
  }

  if (codes)
    return (
      <div className="ui-tf" data-testid="tf-recovery">
        <h2 className="ui-tf-title">{t('twoFactor.recoveryTitle')}</h2>
        <p className="ui-tf-text">{t('twoFactor.recoveryIntro')}</p>
        <ol className="ui-tf-codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <button type="button" className="ui-btn ui-btn-primary ui-btn-block" data-testid="tf-done" onClick={onDone}>
          {t('twoFactor.done')}
        </button>
      </div>
    );

  return (
    <div className="ui-tf">
      <h2 className="ui-tf-title">{t('twoFactor.title')}</h2>
      {notice && <p className="ui-tf-notice">{notice}</p>}
      <p className="ui-tf-text">{t('twoFactor.intro')}</p>
      {!enrolment ? (
        <button type="button" className="ui-btn ui-btn-primary ui-btn-block" data-testid="tf-start" disabled={busy} onClick={() => void start()}>
          {t('twoFactor.start')}
        </button>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <img className="ui-tf-qr" src={enrolment.qr_data_url} alt={enrolment.otpauth_uri} data-testid="tf-qr" width={220} height={220} />
          <div className="ui-field">
            <span className="ui-field-label">{t('twoFactor.secret')}</span>
            <code className="ui-tf-secret" data-testid="tf-secret">
              {enrolment.secret}
            </code>
          </div>
          <label className="ui-field">
            <span className="ui-field-label">{t('twoFactor.code')}</span>
            <input
              className="ui-input"
              data-testid="tf-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('auth.otpHint')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="tf-confirm" disabled={busy}>
            {t('twoFactor.confirm')}
          </button>
        </form>
      )}
    </div>
  );
}
