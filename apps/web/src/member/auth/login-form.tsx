import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setToken } from '../../api/tokens.ts';
import { LoginFields, useLoginForm } from '../../ui/login-fields.tsx';
import { primeUser } from '../session.tsx';
import { usePlayerLogin } from './queries.ts';

type LoginFormProps = { onDone: () => void; onJoin?: () => void };

/** Shared by the login modal and the bare /login page. */
export function LoginForm({ onDone, onJoin }: LoginFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const login = usePlayerLogin();
  const form = useLoginForm(
    (body) => login.mutateAsync(body),
    (data) => {
      setToken('player', data.token);
      primeUser(queryClient, data.user);
      onDone();
    },
  );

  return (
    <form className="m-login-form" onSubmit={form.submit} noValidate>
      <LoginFields form={form} testId="login" submitLabel={t('auth.login')} placeholders />
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
