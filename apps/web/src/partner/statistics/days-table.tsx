import { useTranslation } from 'react-i18next';
import type { StatDayRow } from '@wager/contracts';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { TrendChart } from '../../ui/backoffice/trend-chart.tsx';
import { trendOf } from './figures.ts';
import { PERIOD_GROUPS, allPeriodFields, periodFields, type PeriodFigures, type PeriodGroup } from './groups.ts';
import { statColumns, statExportColumns } from './stat-fields.tsx';
import { useStatFormat } from './use-stat-format.ts';

/** The days' betting trend: stakes, payouts, the betting profit and the rolling; bars for a week or two, a line beyond. */
export function DaysTrend({ rows, testId }: { rows: readonly StatDayRow[]; testId: string }) {
  const { t } = useTranslation();
  const trend = trendOf(rows, [
    { name: t('partnerStats.col.betAmount'), value: (r) => r.bet_amount },
    { name: t('partnerStats.col.winAmount'), value: (r) => r.win_amount },
    { name: t('partnerStats.col.profit'), value: (r) => r.betting_pl },
    { name: t('partnerStats.col.rolling'), value: (r) => r.rolling },
  ]);
  return <TrendChart labels={trend.labels} series={trend.series} kind={rows.length > 14 ? 'line' : 'bar'} height={240} testId={testId} />;
}

/** Day rows (newest first) with one figure group at a time and the totals row. */
export function DaysTable({ rows, totals, group }: { rows: readonly StatDayRow[]; totals: PeriodFigures | null; group: PeriodGroup }) {
  const { t } = useTranslation();
  const fmt = useStatFormat();
  return (
    <div className="pa-table-wrap">
      <DataTable<StatDayRow>
        rows={rows}
        rowKey={(r) => r.day}
        rowProps={(r) => ({ 'data-day': r.day })}
        emptyText={t('partnerStats.empty')}
        className="pa-stat-table"
        testId="pa-stats-table"
        columns={[
          {
            id: 'day',
            header: t('partnerStats.col.date'),
            cell: (r) => r.day,
            className: 'strong nowrap',
            footer: totals ? t('partnerStats.totals') : undefined,
          },
          ...statColumns<PeriodFigures, StatDayRow>(periodFields(t, group), totals, fmt),
        ]}
      />
    </div>
  );
}

/** The group tabs above a day table. */
export function GroupTabs({ value, onChange }: { value: PeriodGroup; onChange: (g: PeriodGroup) => void }) {
  const { t } = useTranslation();
  return <Tabs tabs={PERIOD_GROUPS} value={value} onChange={onChange} label={(g) => t(`partnerStats.groups.${g}`)} testId={(g) => `pa-stats-group-${g}`} />;
}

/** The XLSX of day rows: every period figure, the totals row last. */
export function DaysExport({ rows, totals, filename }: { rows: readonly StatDayRow[]; totals: PeriodFigures | null; filename: string }) {
  const { t } = useTranslation();
  return (
    <ExportXlsxButton<StatDayRow>
      testId="pa-stats-export"
      filename={filename}
      columns={[{ header: t('partnerStats.col.date'), value: (r) => r.day, text: true }, ...statExportColumns(allPeriodFields(t))]}
      rows={rows}
      totals={totals ? { ...totals, day: t('partnerStats.totals') } : null}
    />
  );
}
