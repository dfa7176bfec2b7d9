import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../ui/states.tsx';
import { authModal } from './login-store.ts';
import { useMember } from './session.tsx';

/**
 * Every player route but home needs login (spec §2). A guest gets the login modal and, after
 * logging in, stays on the page they asked for.
 */
export function RequireLogin() {
  const { t } = useTranslation();
  const { isLoggedIn, isResolved } = useMember();
  const { pathname, search } = useLocation();
  const wanted = pathname + search;

  useEffect(() => {
    if (isResolved && !isLoggedIn) authModal.openLogin(wanted);
  }, [isResolved, isLoggedIn, wanted]);

  if (!isResolved) return <Loading />;
  if (isLoggedIn) return <Outlet />;
  return (
    <section className="ui-full-message m-login-required" data-testid="login-required">
      <h1>{t('common.loginRequired')}</h1>
      <button type="button" className="ui-btn ui-btn-primary" onClick={() => authModal.openLogin(wanted)}>
        {t('auth.login')}
      </button>
    </section>
  );
}
