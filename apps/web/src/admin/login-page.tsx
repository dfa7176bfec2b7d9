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

export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken('admin');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  if (token) return <Navigate to="/admin" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!account.trim() || !password) {
      await showAlert(t('auth.emptyFields'), t('auth.loginFailed'));
      return;
    }
    setBusy(true);
    const answer = await call('/api/admin/login', { account: account.trim(), password, device: loginDevice() });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error), t('auth.loginFailed'));
      return;
    }
    // A cached 'admin: null' from an earlier, dead token must not bounce the new one.
    queryClient.removeQueries({ queryKey: ['admin'] });
    setToken('admin', answer.data.token);
    navigate('/admin', { replace: true });
  }

  return (
    <div className="ad-login-wrap">
      <form className="ad-login" onSubmit={submit} noValidate>
        <div className="ad-brand">
          <span className="ad-brand-mark">W</span>
          <h1>{t('admin.login.title')}</h1>
        </div>
        <label className="ui-field">
          <span className="ui-field-label">{t('auth.account')}</span>
          <input className="ui-input" data-testid="admin-login-account" autoComplete="username" value={account}
            onChange={(e) => setAccount(e.target.value)} />
        </label>
        <label className="ui-field">
          <span className="ui-field-label">{t('auth.password')}</span>
          <input className="ui-input" data-testid="admin-login-password" type="password" autoComplete="current-password" value={password}
            onChange={(e) => setPassword(e.target.value)} />
        </label>
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="admin-login-submit" disabled={busy}>
          {t('admin.login.submit')}
        </button>
      </form>
    </div>
  );
}
