import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { setToken } from '../../api/tokens.ts';
import { errorText } from '../../i18n/error-text.ts';
import { loginDevice } from '../../lib/device.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { primeUser } from '../session.tsx';

type LoginFormProps = { onDone: () => void; onJoin?: () => void };

/** Shared by the login modal and the bare /login page. */
export function LoginForm({ onDone, onJoin }: LoginFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!account.trim() || !password) {
      await showAlert(t('auth.emptyFields'), t('auth.loginFailed'));
      return;
    }
    setBusy(true);
    const answer = await call('/api/user/login', { account: account.trim(), password, device: loginDevice() });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error), t('auth.loginFailed'));
      return;
    }
    setToken('player', answer.data.token);
    primeUser(queryClient, answer.data.user);
    onDone();
  }

  return (
    <form className="m-login-form" onSubmit={submit} noValidate>
      <label className="ui-field">
        <span className="ui-field-label">{t('auth.account')}</span>
        <input
          className="ui-input"
          data-testid="login-account"
          autoComplete="username"
          placeholder={t('auth.accountPlaceholder')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
        />
      </label>
      <label className="ui-field">
        <span className="ui-field-label">{t('auth.password')}</span>
        <input
          className="ui-input"
          data-testid="login-password"
          type="password"
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="login-submit" disabled={busy}>
        {t('auth.login')}
      </button>
      {onJoin && (
        <p className="m-login-join">
          {t('auth.noAccount')}{' '}
          <button type="button" className="ui-link" data-testid="login-to-join" onClick={onJoin}>
            {t('auth.join')}
          </button>
        </p>
      )}
    </form>
  );
}
