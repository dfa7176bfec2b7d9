import { useTranslation } from 'react-i18next';
import './shell-skeleton.css';

/**
 * The first paint while the first context call is in flight (decision 013): neither a guest's
 * header (login button, no game menu) nor "no notices" — only neutral placeholders, because
 * nothing about the visitor or the site is known yet.
 */
export function ShellSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="m-app m-skeleton" data-testid="shell-skeleton" aria-busy="true">
      <header className="m-header">
        <div className="m-topbar">
          <span className="m-logo" aria-label={t('brand.name')}>
            <span className="m-logo-mark">W</span>
            <span className="m-logo-text">{t('brand.name')}</span>
          </span>
          <span className="m-skel m-skel-nav" />
          <span className="m-skel m-skel-account" />
        </div>
        <div className="m-skel-ticker" />
      </header>
      <div className="m-body">
        <main className="m-main" role="status">
          <span className="m-sr-only">{t('common.loading')}</span>
          <span className="m-skel m-skel-hero" />
          <span className="m-skel m-skel-row" />
          <span className="m-skel m-skel-row is-short" />
        </main>
      </div>
    </div>
  );
}
