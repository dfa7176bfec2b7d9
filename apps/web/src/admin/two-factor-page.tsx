import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { clearToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { TwoFactorEnrolment } from '../ui/two-factor-enrolment.tsx';
import { useAdminLogout, useAdminTwoFactorBegin, useAdminTwoFactorConfirm } from './queries.ts';

/**
 * /admin/two-factor: an admin signed in with the password alone enrols a second factor here
 * before anything else (the server refuses every other call until then; decision 050).
 */
export function AdminTwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken('admin');
  const begin = useAdminTwoFactorBegin();
  const confirm = useAdminTwoFactorConfirm();
  const logout = useAdminLogout();
  if (!token) return <Navigate to="/admin/login" replace />;

  return (
    <div className="ad-login-wrap">
      <div className="ad-login ad-two-factor" data-testid="admin-two-factor">
        <div className="ad-brand">
          <span className="ad-brand-mark">W</span>
        </div>
        <TwoFactorEnrolment
          notice={t('twoFactor.required')}
          begin={() => begin.mutateAsync(undefined)}
          confirm={(code) => confirm.mutateAsync({ code })}
          onDone={() => {
            queryClient.removeQueries({ queryKey: ['admin'] });
            void navigate('/admin', { replace: true });
          }}
        />
        <button
          type="button"
          className="ui-btn ui-btn-block"
          onClick={() => {
            void logout.mutateAsync(undefined).finally(() => {
              clearToken('admin');
              void navigate('/admin/login', { replace: true });
            });
          }}
        >
          {t('twoFactor.logout')}
        </button>
      </div>
    </div>
  );
}
