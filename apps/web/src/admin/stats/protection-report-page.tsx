import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PROTECTION_FIGURES, type ProtectionDay, type ProtectionEvent, type ProtectionFigure } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { quickRange } from '../../ui/backoffice/date-range.tsx';
import { DateRangeFilter } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { PER_PAGE, skipOf } from '../../ui/backoffice/paging.ts';
import { TrendChart } from '../../ui/backoffice/trend-chart.tsx';
import { protectionEventRows, useProtectionReport } from './queries.ts';

/** The figures drawn on the chart: what a regulator asks about first. */
const CHARTED: ProtectionFigure[] = ['limits_set', 'hits_deposit', 'hits_loss', 'hits_stake', 'hits_session', 'timeouts_24h', 'exclusions_permanent'];

/** The period and page in the address bar; this month (operating zone) by default. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const month = quickRange('thisMonth');
  const from = params.get('from') ?? month.from;
  const to = params.get('to') ?? month.to;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (cur) => {
        const next = new URLSearchParams(cur);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return { from, to, page, set };
}

/**
 * The player protection report (issue 23, decision 059): per day of the period, limits tightened,
 * raises scheduled and applied, refusals by each kind of limit, time-outs and self-exclusions by
 * length, with totals, a chart, the events (member, event, when) and an Excel export.
 */
export function ProtectionReportPage() {
  const { t } = useTranslation();
  const view = useReportParams();
  const q = useProtectionReport({ from: view.from, to: view.to, skip: skipOf(view.page) });
  const figure = (f: ProtectionFigure) => t(`protectionReports.report.figures.${f}`);
  const actor = (a: string) => (['user', 'admin', 'agent', 'system'].includes(a) ? t(`protectionReports.report.actors.${a as 'user'}`) : a);
  const days = [...(q.data?.days ?? [])].reverse();
  const figureColumns = PROTECTION_FIGURES.map((f) => ({
    id: f,
    header: figure(f),
    cell: (r: ProtectionDay) => r[f].toLocaleString(),
    className: 'num',
    headClassName: 'num',
    footer: q.data ? <span data-testid={`protection-total-${f}`}>{q.data.totals[f]}</span> : undefined,
  }));
  return (
    <BackofficePage
      title={t('protectionReports.report.title')}
      testId="admin-protection-report"
      filters={
        <Filters>
          <DateRangeFilter from={view.from} to={view.to} onChange={(r) => view.set({ from: r.from, to: r.to, page: undefined })} />
          <ExportXlsxButton<ProtectionDay>
            testId="admin-protection-export"
            label={t('protectionReports.report.exportDays')}
            filename={`protection-report-${view.from}-${view.to}`}
            sheet="days"
            columns={[
              { header: t('protectionReports.report.day'), value: (r) => r.day },
              ...PROTECTION_FIGURES.map((f) => ({ header: figure(f), value: (r: ProtectionDay) => r[f] })),
            ]}
            rows={q.data?.days ?? []}
            totals={q.data ? { ...q.data.totals, day: t('protectionReports.report.totals') } : null}
          />
          <ExportXlsxButton<ProtectionEvent>
            testId="admin-protection-events-export"
            label={t('protectionReports.report.exportEvents')}
            filename={`protection-events-${view.from}-${view.to}`}
            sheet="events"
            columns={[
              { header: t('protectionReports.report.cols.at'), value: (r) => formatDateTime(r.at) },
              { header: t('protectionReports.report.cols.member'), value: (r) => r.account ?? '', text: true },
              { header: t('protectionReports.report.cols.event'), value: (r) => figure(r.figure) },
              { header: t('protectionReports.report.cols.detail'), value: (r) => r.detail ?? '' },
              { header: t('protectionReports.report.cols.actor'), value: (r) => actor(r.actor_type) },
            ]}
            rows={() => protectionEventRows({ from: view.from, to: view.to })}
          />
        </Filters>
      }
    >
      {days.length > 0 && (
        <div className="ad-stats-charts">
          <figure>
            <figcaption>{t('protectionReports.report.chart')}</figcaption>
            <TrendChart
              testId="admin-protection-chart"
              kind="bar"
              labels={days.map((d) => d.day.slice(5))}
              series={CHARTED.map((f) => ({ name: figure(f), values: days.map((d) => d[f]) }))}
            />
          </figure>
        </div>
      )}
      <ListFrame
        query={q}
        rows={(d) => d.days}
        rowKey={(r) => r.day}
        rowProps={(r) => ({ 'data-testid': 'protection-day', 'data-day': r.day })}
        emptyText={t('protectionReports.report.empty')}
        errorText={t('protectionReports.report.loadFailed')}
        testId="admin-protection-days"
        className="ad-stats-table"
        columns={[
          { id: 'day', header: t('protectionReports.report.day'), cell: (r) => r.day, className: 'mono', footer: t('protectionReports.report.totals') },
          ...figureColumns,
        ]}
      />
      <h3 className="ad-protection-events-title">{t('protectionReports.report.events')}</h3>
      <ListFrame
        query={q}
        paging={{ page: view.page, onPage: (page) => view.set({ page: String(page) }), total: (d) => d.total, perPage: PER_PAGE }}
        rows={(d) => d.events}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'protection-event', 'data-figure': r.figure })}
        emptyText={t('protectionReports.report.eventsEmpty')}
        errorText={t('protectionReports.report.loadFailed')}
        testId="admin-protection-events"
        columns={[
          { id: 'at', header: t('protectionReports.report.cols.at'), cell: (r) => formatDateTime(r.at), className: 'mono' },
          { id: 'member', header: t('protectionReports.report.cols.member'), cell: (r) => r.account ?? '-' },
          { id: 'event', header: t('protectionReports.report.cols.event'), cell: (r) => figure(r.figure) },
          { id: 'detail', header: t('protectionReports.report.cols.detail'), cell: (r) => r.detail ?? '', className: 'mono' },
          { id: 'actor', header: t('protectionReports.report.cols.actor'), cell: (r) => actor(r.actor_type) },
        ]}
      />
    </BackofficePage>
  );
}
