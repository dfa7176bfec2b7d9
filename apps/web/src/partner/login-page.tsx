import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { setToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { LanguageSelect } from '../ui/language-select.tsx';
import { LoginFields, useLoginForm } from '../ui/login-fields.tsx';
import { AGENT_INFO_KEY, useAgentLogin } from './queries.ts';

/** /pa-login: only for a logged-out agent; no next path, always lands on /pa. */
export function PartnerLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken('agent');
  const login = useAgentLogin();
  const form = useLoginForm(
    (body) => login.mutateAsync(body),
    (data) => {
      queryClient.setQueryData(AGENT_INFO_KEY, data.agent);
      setToken('agent', data.token);
      void navigate(data.two_factor_pending ? '/pa-two-factor' : '/pa', { replace: true });
    },
  );

  if (token) return <Navigate to="/pa" replace />;

  return (
    <div className="pa-login-wrap">
      <form className="pa-login" onSubmit={form.submit} noValidate>
        <div className="pa-login-brand">
          <span className="pa-brand-mark">W</span>
          <h1>{t('partner.login.title')}</h1>
        </div>
        <LoginFields form={form} testId="pa-login" submitLabel={t('partner.login.submit')} placeholders />
        <LanguageSelect className="pa-login-lang" />
      </form>
    </div>
  );
}
