import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from './login-form.tsx';
import { useMember } from '../session.tsx';

/** Bare /login screen (no header or side bar); ?next= says where to go afterwards. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isLoggedIn } = useMember();
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
  if (isLoggedIn) return <Navigate to={target} replace />;
  return (
    <section className="m-login-page">
      <Link to="/" className="m-logo m-logo-big">
        <span className="m-logo-mark">W</span>
        <span className="m-logo-text">{t('brand.name')}</span>
      </Link>
      <div className="m-card m-login-card">
        <h1>{t('auth.login')}</h1>
        <LoginForm onDone={() => navigate(target, { replace: true })} />
      </div>
    </section>
  );
}
