import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer } from '@wager/contracts';
import { errorText } from '../i18n/error-text.ts';
import { loginDevice } from '../lib/device.ts';
import { showAlert } from './dialog.tsx';

type LoginBody = { account: string; password: string; device: ReturnType<typeof loginDevice>; otp?: string };

/**
 * Account/password login of any audience: empty fields and refusals are alerts under
 * "login failed"; `onLoggedIn` gets the server's answer. An admin or agent with two-factor
 * login is answered `otp_required` after the password: the form then asks for the OTP
 * authentication number (or a recovery code) and sends all three (decision 050).
 */
export function useLoginForm<T>(send: (body: LoginBody) => Promise<ApiAnswer<T>>, onLoggedIn: (data: T) => void) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [otpStep, setOtpStep] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!account.trim() || !password) {
      await showAlert(t('auth.emptyFields'), t('auth.loginFailed'));
      return;
    }
    if (otpStep && !otp.trim()) {
      await showAlert(t('auth.otpEmpty'), t('auth.loginFailed'));
      return;
    }
    setBusy(true);
    const answer = await send({ account: account.trim(), password, device: loginDevice(), ...(otpStep ? { otp: otp.trim() } : {}) });
    setBusy(false);
    if (!answer.result) {
      if (answer.error.code === 'otp_required' && !otpStep) {
        setOtpStep(true);
        return;
      }
      setOtp('');
      await showAlert(errorText(answer.error), t('auth.loginFailed'));
      return;
    }
    onLoggedIn(answer.data);
  }

  return { account, setAccount, password, setPassword, otp, setOtp, otpStep, busy, submit };
}

type LoginFieldsProps = {
  form: ReturnType<typeof useLoginForm>;
  /** Test ids `<testId>-account`, `-password`, `-otp`, `-submit`. */
  testId: string;
  submitLabel: string;
  /** Show the account and password placeholders. */
  placeholders?: boolean;
};

/** The account and password fields and the submit button of a login form. */
export function LoginFields({ form, testId, submitLabel, placeholders = false }: LoginFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="ui-field">
        <span className="ui-field-label">{t('auth.account')}</span>
        <input
          className="ui-input"
          data-testid={`${testId}-account`}
          autoComplete="username"
          placeholder={placeholders ? t('auth.accountPlaceholder') : undefined}
          value={form.account}
          onChange={(e) => form.setAccount(e.target.value)}
        />
      </label>
      <label className="ui-field">
        <span className="ui-field-label">{t('auth.password')}</span>
        <input
          className="ui-input"
          data-testid={`${testId}-password`}
          type="password"
          autoComplete="current-password"
          placeholder={placeholders ? t('auth.passwordPlaceholder') : undefined}
          value={form.password}
          onChange={(e) => form.setPassword(e.target.value)}
        />
      </label>
      {form.otpStep && (
        <label className="ui-field">
          <span className="ui-field-label">{t('auth.otp')}</span>
          <input
            className="ui-input"
            data-testid={`${testId}-otp`}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={20}
            placeholder={t('auth.otpPlaceholder')}
            value={form.otp}
            onChange={(e) => form.setOtp(e.target.value)}
          />
          <span className="ui-field-hint">{t('auth.otpHint')}</span>
        </label>
      )}
      <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid={`${testId}-submit`} disabled={form.busy}>
        {submitLabel}
      </button>
    </>
  );
}
