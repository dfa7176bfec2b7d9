import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { addDays } from '../../ui/backoffice/date-range.tsx';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { periodLabel } from '../../ui/losing/columns.tsx';
import { useLosingPeriods, useRunPeriod } from './queries.ts';
import { formatDateTime, localDay } from '../../lib/date.ts';

/** Computes one period (KST days; yesterday by default) after a confirmation, and lists the periods run so far. */
export function RunPanel() {
  const { t, i18n } = useTranslation();
  const yesterday = addDays(localDay(), -1);
  const [days, setDays] = useState({ from: yesterday, to: yesterday });
  const run = useRunPeriod();
  const periods = useLosingPeriods();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await showConfirm(t('losing.admin.run.confirm', days)))) return;
    const answer = await run.mutateAsync(days);
    if (!answer.result) return showAlert(errorText(answer.error));
    const p = answer.data.period;
    await showAlert(t(answer.data.created ? 'losing.admin.run.done' : 'losing.admin.run.again', { bets: p.bets, net: formatMoney(p.net_loss, i18n.language) }));
  }

  return (
    <section className="ad-panel ad-settle-panel" data-testid="admin-settlement-run">
      <h2>{t('losing.admin.run.title')}</h2>
      <form className="ad-inline-form" onSubmit={(e) => void submit(e)}>
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="ad-form-col">
            <span className="ad-form-label">{t(`losing.admin.run.${end}`)}</span>
            <input
              className="ui-input"
              type="date"
              data-testid={`admin-settlement-${end}`}
              value={days[end]}
              onChange={(e) => setDays({ ...days, [end]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-settlement-run-submit" disabled={run.isPending}>
          {t('losing.admin.run.submit')}
        </button>
      </form>
      <h3>{t('losing.admin.periods')}</h3>
      <div className="ad-table-wrap">
        <DataTable
          rows={periods.data?.rows ?? []}
          rowKey={(p) => p.id}
          emptyText={t('losing.admin.noPeriods')}
          testId="admin-settlement-periods"
          columns={[
            { id: 'days', header: t('losing.admin.periodCols.days'), cell: periodLabel, className: 'mono' },
            { id: 'run_at', header: t('losing.admin.periodCols.runAt'), cell: (p) => formatDateTime(p.run_at) },
            { id: 'bets', header: t('losing.admin.periodCols.bets'), cell: (p) => p.bets, className: 'num' },
            { id: 'net', header: t('losing.admin.periodCols.netLoss'), cell: (p) => formatMoney(p.net_loss, i18n.language), className: 'num' },
            { id: 'settlements', header: t('losing.admin.periodCols.settlements'), cell: (p) => p.settlements, className: 'num' },
          ]}
        />
      </div>
    </section>
  );
}
