import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { useInitStatus, useStartInit } from './queries.ts';
import { formatDateTime } from '../../lib/date.ts';

/**
 * The settlement initialisation (spec §4: started, takes up to 10 minutes, irreversible): the
 * warning, the button behind two confirmations, and while the job runs a progress bar fed by the
 * status call once a second.
 */
export function InitPanel() {
  const { t } = useTranslation();
  const status = useInitStatus();
  const start = useStartInit();
  const job = status.data?.job ?? null;
  const running = job?.status === 'running';

  async function begin() {
    if (!(await showConfirm(t('losing.admin.init.confirm1')))) return;
    if (!(await showConfirm(t('losing.admin.init.confirm2')))) return;
    const answer = await start.mutateAsync({});
    if (!answer.result) return showAlert(errorText(answer.error));
    await status.refetch();
    await showAlert(t('losing.admin.init.started'));
  }

  return (
    <section className="ad-panel ad-settle-panel" data-testid="admin-settlement-init">
      <h2>{t('losing.admin.init.title')}</h2>
      <p className="ad-hint">{t('losing.admin.init.warning')}</p>
      <div className="ad-settle-init-row">
        <button
          type="button"
          className="ui-btn ui-btn-danger"
          data-testid="admin-settlement-init-start"
          disabled={running || start.isPending}
          onClick={() => void begin()}
        >
          {t('losing.admin.init.start')}
        </button>
        {running ? (
          <div className="ad-settle-progress" data-testid="admin-settlement-init-progress">
            <progress max={100} value={job.progress} />
            <span>{t('losing.admin.init.running', { progress: job.progress })}</span>
          </div>
        ) : (
          <span className="ad-muted" data-testid="admin-settlement-init-last">
            {job
              ? t('losing.admin.init.done', {
                  at: formatDateTime(job.finished_at ?? job.started_at),
                  cancelled: job.cancelled,
                  baseline: job.baseline,
                })
              : t('losing.admin.init.never')}
          </span>
        )}
      </div>
    </section>
  );
}
