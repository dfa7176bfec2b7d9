import { useTranslation } from 'react-i18next';
import { STAT_FAMILIES, type ZeusDailyRow } from '@wager/contracts';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { TrendChart } from '../../ui/backoffice/trend-chart.tsx';
import { trendOf } from '../statistics/figures.ts';
import { statColumns, statExportColumns, type StatField } from '../statistics/stat-fields.tsx';
import { StatPage } from '../statistics/stat-page.tsx';
import { useStatView } from '../statistics/use-stat-view.ts';
import { useStatFormat } from '../statistics/use-stat-format.ts';
import { useZeusDailyBettings } from './queries.ts';

type Figures = Omit<ZeusDailyRow, 'day'>;

/**
 * /pa-zeus-daily-bettings: per day, each bet family's stakes (count under them) and the day's
 * stakes, payouts, profit and bettors; the stakes per family as bars above.
 */
export function ZeusDailyBettingsPage() {
  const { t } = useTranslation();
  const view = useStatView();
  const fmt = useStatFormat();
  const q = useZeusDailyBettings({ from: view.from, to: view.to });
  const col = (key: 'betAmount' | 'betCount' | 'winAmount' | 'profit' | 'bettorCount') => t(`partnerStats.col.${key}`);
  const family = (name: string) => t(`partnerStats.gameTypes.${name as 'sports'}`);
  const familyFields: StatField<Figures>[] = STAT_FAMILIES.map((fam) => ({
    id: fam,
    header: family(fam),
    countHeader: col('betCount'),
    money: (f) => f.by_family[fam].bet_amount,
    count: (f) => f.by_family[fam].bet_count,
  }));
  const totalFields: StatField<Figures>[] = [
    { id: 'bet', header: col('betAmount'), countHeader: col('betCount'), money: (f) => f.total.bet_amount, count: (f) => f.total.bet_count },
    { id: 'win', header: col('winAmount'), money: (f) => f.total.win_amount },
    { id: 'betting_pl', header: col('profit'), money: (f) => f.total.betting_pl, sign: true },
    { id: 'bettors', header: col('bettorCount'), count: (f) => f.total.bettors },
  ];
  // The sheet has every family figure, then the day's.
  const sheetFields: StatField<Figures>[] = [
    ...STAT_FAMILIES.flatMap((fam): StatField<Figures>[] => [
      {
        id: `${fam}-bet`,
        header: `${family(fam)} ${col('betAmount')}`,
        countHeader: `${family(fam)} ${col('betCount')}`,
        money: (f) => f.by_family[fam].bet_amount,
        count: (f) => f.by_family[fam].bet_count,
      },
      { id: `${fam}-win`, header: `${family(fam)} ${col('winAmount')}`, money: (f) => f.by_family[fam].win_amount },
      { id: `${fam}-pl`, header: `${family(fam)} ${col('profit')}`, money: (f) => f.by_family[fam].betting_pl },
      { id: `${fam}-bettors`, header: `${family(fam)} ${col('bettorCount')}`, count: (f) => f.by_family[fam].bettors },
    ]),
    ...totalFields,
  ];
  return (
    <StatPage
      title={t('partner.menu.pa-zeus-daily-bettings')}
      testId="pa-zeus-daily-bettings"
      view={view}
      exportButton={
        q.data && (
          <ExportXlsxButton<ZeusDailyRow>
            testId="pa-stats-export"
            filename={`zeus-daily-bettings-${view.from}-${view.to}`}
            columns={[{ header: t('partnerStats.col.date'), value: (r) => r.day, text: true }, ...statExportColumns(sheetFields)]}
            rows={q.data.rows}
            totals={{ ...q.data.totals, day: t('partnerStats.totals') }}
          />
        )
      }
    >
      <QueryState query={q} errorText={t('partnerStats.loadFailed')}>
        {(d) => {
          const trend = trendOf(
            d.rows,
            STAT_FAMILIES.map((fam) => ({ name: family(fam), value: (r: ZeusDailyRow) => r.by_family[fam].bet_amount })),
          );
          return (
            <>
              {d.rows.length > 1 && <TrendChart labels={trend.labels} series={trend.series} kind="bar" height={240} testId="pa-stats-chart" />}
              <div className="pa-table-wrap">
                <DataTable<ZeusDailyRow>
                  rows={d.rows}
                  rowKey={(r) => r.day}
                  rowProps={(r) => ({ 'data-day': r.day })}
                  emptyText={t('partnerStats.empty')}
                  className="pa-stat-table"
                  testId="pa-stats-table"
                  columns={[
                    { id: 'day', header: t('partnerStats.col.date'), cell: (r) => r.day, className: 'strong nowrap', footer: t('partnerStats.totals') },
                    ...statColumns<Figures, ZeusDailyRow>([...familyFields, ...totalFields], d.totals, fmt),
                  ]}
                />
              </div>
            </>
          );
        }}
      </QueryState>
    </StatPage>
  );
}
