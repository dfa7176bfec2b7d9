import { useTranslation } from 'react-i18next';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { DaysExport, DaysTable, DaysTrend, GroupTabs } from './days-table.tsx';
import { PERIOD_GROUPS, groupOf } from './groups.ts';
import { useStatisticsDays } from './queries.ts';
import { StatPage } from './stat-page.tsx';
import { useStatView } from './use-stat-view.ts';

/** /pa-statistics-days: one row per day of the range for the agent's subtree, its trend above, totals below. */
export function StatisticsDaysPage() {
  const { t } = useTranslation();
  const view = useStatView();
  const group = groupOf(PERIOD_GROUPS, view.param('group'));
  const q = useStatisticsDays({ from: view.from, to: view.to });
  return (
    <StatPage
      title={t('partner.menu.pa-statistics-days')}
      testId="pa-statistics-days"
      view={view}
      exportButton={q.data && <DaysExport rows={q.data.rows} totals={q.data.totals} filename={`statistics-days-${view.from}-${view.to}`} />}
    >
      <QueryState query={q} errorText={t('partnerStats.loadFailed')}>
        {(d) => (
          <>
            {/* One day is no trend: the chart shows from two days on. */}
            {d.rows.length > 1 && <DaysTrend rows={d.rows} testId="pa-stats-chart" />}
            <GroupTabs value={group} onChange={(g) => view.set({ group: g })} />
            <DaysTable rows={d.rows} totals={d.totals} group={group} />
          </>
        )}
      </QueryState>
    </StatPage>
  );
}
