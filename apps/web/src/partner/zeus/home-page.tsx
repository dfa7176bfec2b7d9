import { useTranslation } from 'react-i18next';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { DaysExport, DaysTable, DaysTrend, GroupTabs } from '../statistics/days-table.tsx';
import { sumPeriodRows } from '../statistics/figures.ts';
import { FIGURE_GROUPS, PERIOD_GROUPS, groupOf, groupFields } from '../statistics/groups.ts';
import { useStatView } from '../statistics/use-stat-view.ts';
import { StatCard } from './stat-card.tsx';
import { useZeusHome } from './queries.ts';

/**
 * /pa-zeus-home: the subtree at a glance. What it holds and today's figures as compact key-value
 * tables, then the last 30 days as a trend and a day table with its totals.
 */
export function ZeusHomePage() {
  const { t } = useTranslation();
  const view = useStatView();
  const group = groupOf(PERIOD_GROUPS, view.param('group'));
  const q = useZeusHome();
  return (
    <BackofficePage title={t('partner.menu.pa-zeus-home')} testId="pa-zeus-home" className="pa-stats">
      <QueryState query={q} errorText={t('partnerStats.loadFailed')}>
        {(d) => {
          const days = [...d.series].reverse();
          const totals = sumPeriodRows(d.series);
          return (
            <>
              <div className="pa-stat-cards">
                {FIGURE_GROUPS.map((g) => (
                  <StatCard
                    key={g}
                    title={g === 'holdings' ? t('partnerStats.groups.holdings') : `${t('partnerStats.home.today')} · ${t(`partnerStats.groups.${g}`)}`}
                    figures={d.today}
                    fields={groupFields(t, g)}
                    testId={`pa-zeus-card-${g}`}
                  />
                ))}
              </div>
              <div className="pa-stats-head">
                <h2 className="pa-stats-subtitle">{t('partnerStats.home.trend')}</h2>
                <DaysExport rows={days} totals={totals} filename={`zeus-home-${days.at(-1)?.day ?? ''}-${days[0]?.day ?? ''}`} />
              </div>
              <DaysTrend rows={d.series} testId="pa-stats-chart" />
              <GroupTabs value={group} onChange={(g) => view.set({ group: g })} />
              <DaysTable rows={days} totals={totals} group={group} />
            </>
          );
        }}
      </QueryState>
    </BackofficePage>
  );
}
