import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useToken } from '../api/use-token.ts';
import { Loading } from '../ui/states.tsx';
import { TwoFactorEnrolment } from '../ui/two-factor-enrolment.tsx';
import { useAgentTwoFactorBegin, useAgentTwoFactorConfirm, useAgentTwoFactorStatus } from './queries.ts';

/**
 * /pa-two-factor: an agent enrols a second factor when the setting allows it, and must before
 * anything else when the setting requires it (decision 050).
 */
export function PartnerTwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken('agent');
  const status = useAgentTwoFactorStatus(Boolean(token));
  const begin = useAgentTwoFactorBegin();
  const confirm = useAgentTwoFactorConfirm();
  if (!token) return <Navigate to="/pa-login" replace />;
  if (!status.data) return <Loading />;

  return (
    <div className="pa-login-wrap">
      <div className="pa-login" data-testid="pa-two-factor">
        {status.data.enabled ? (
          <div className="ui-tf">
            <h2 className="ui-tf-title">{t('twoFactor.title')}</h2>
            <p className="ui-tf-text" data-testid="tf-enabled">
              {t('twoFactor.enabled')} {t('twoFactor.recoveryLeft', { count: status.data.recovery_codes_left })}
            </p>
            <button type="button" className="ui-btn ui-btn-primary ui-btn-block" data-testid="tf-back" onClick={() => void navigate('/pa')}>
              {t('twoFactor.done')}
            </button>
          </div>
        ) : (
          <TwoFactorEnrolment
            begin={() => begin.mutateAsync(undefined)}
            confirm={(code) => confirm.mutateAsync({ code })}
            onDone={() => {
              queryClient.removeQueries({ queryKey: ['agent'] });
              void navigate('/pa', { replace: true });
            }}
          />
        )}
      </div>
    </div>
  );
}
