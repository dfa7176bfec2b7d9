import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { setToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { LoginFields, useLoginForm } from '../ui/login-fields.tsx';
import { useAdminLogin } from './queries.ts';

export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken('admin');
  const login = useAdminLogin();
  const form = useLoginForm(
    (body) => login.mutateAsync(body),
    (data) => {
      // A cached 'admin: null' from an earlier, dead token must not bounce the new one.
      queryClient.removeQueries({ queryKey: ['admin'] });
      setToken('admin', data.token);
      void navigate(data.two_factor_pending ? '/admin/two-factor' : '/admin', { replace: true });
    },
  );

  if (token) return <Navigate to="/admin" replace />;

  return (
    <div className="ad-login-wrap">
      <form className="ad-login" onSubmit={form.submit} noValidate>
        <div className="ad-brand">
          <span className="ad-brand-mark">W</span>
          <h1>{t('admin.login.title')}</h1>
        </div>
        <LoginFields form={form} testId="admin-login" submitLabel={t('admin.login.submit')} />
      </form>
    </div>
  );
}
