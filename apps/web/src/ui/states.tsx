import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="ui-state" role="status" aria-live="polite">
      <span className="ui-spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

export function EmptyRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td colSpan={colSpan} className="ui-empty">
        {t('common.empty')}
      </td>
    </tr>
  );
}

/** Spec §2/§8: unknown paths. */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  const { t } = useTranslation();
  return (
    <section className="ui-full-message" data-testid="not-found">
      <div className="ui-full-code">404</div>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.desc')}</p>
      <Link className="ui-btn ui-btn-primary" to={homePath}>
        {t('common.goHome')}
      </Link>
    </section>
  );
}

/** Spec §2: replaces the whole app while an inspection is on. */
export function MaintenancePage({ memo }: { memo: string }) {
  const { t } = useTranslation();
  return (
    <section className="ui-full-message ui-maintenance" data-testid="maintenance">
      <div className="ui-full-code" aria-hidden="true">
        ⚙
      </div>
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.apology')}</p>
      {memo && <pre className="ui-maintenance-memo">{memo}</pre>}
    </section>
  );
}
