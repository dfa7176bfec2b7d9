import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { call } from '../api/client.ts';
import { setToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { errorText } from '../i18n/error-text.ts';
import { loginDevice } from '../lib/device.ts';
import { showAlert } from '../ui/dialog.tsx';
import { LanguageSelect } from '../ui/language-select.tsx';
import { AGENT_INFO_KEY } from './agent-session.tsx';

/** /pa-login: only for a logged-out agent; no next path, always lands on /pa. */
export function PartnerLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken('agent');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  if (token) return <Navigate to="/pa" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!account.trim() || !password) {
      await showAlert(t('auth.emptyFields'), t('auth.loginFailed'));
      return;
    }
    setBusy(true);
    const answer = await call('/api/agent/login', { account: account.trim(), password, device: loginDevice() });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error), t('auth.loginFailed'));
      return;
    }
    queryClient.setQueryData(AGENT_INFO_KEY, answer.data.agent);
    setToken('agent', answer.data.token);
    navigate('/pa', { replace: true });
  }

  return (
    <div className="pa-login-wrap">
      <form className="pa-login" onSubmit={submit} noValidate>
        <div className="pa-login-brand">
          <span className="pa-brand-mark">W</span>
          <h1>{t('partner.login.title')}</h1>
        </div>
        <label className="ui-field">
          <span className="ui-field-label">{t('auth.account')}</span>
          <input className="ui-input" data-testid="pa-login-account" autoComplete="username" value={account}
            placeholder={t('auth.accountPlaceholder')} onChange={(e) => setAccount(e.target.value)} />
        </label>
        <label className="ui-field">
          <span className="ui-field-label">{t('auth.password')}</span>
          <input className="ui-input" data-testid="pa-login-password" type="password" autoComplete="current-password" value={password}
            placeholder={t('auth.passwordPlaceholder')} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="pa-login-submit" disabled={busy}>
          {t('partner.login.submit')}
        </button>
        <LanguageSelect className="pa-login-lang" />
      </form>
    </div>
  );
}
