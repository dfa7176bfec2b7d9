import { useTranslation } from 'react-i18next';
import { STAT_GAME_TYPES, type StatRollingRow } from '@wager/contracts';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { groupOf } from './groups.ts';
import { rollingExportRows, useStatisticsRolling } from './queries.ts';
import { statColumns, statExportColumns, type StatField } from './stat-fields.tsx';
import { StatPage } from './stat-page.tsx';
import { useStatView } from './use-stat-view.ts';
import { useStatFormat } from './use-stat-format.ts';
import { totalsWho, whoColumns, whoExportColumns } from './who.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';

/** What a rolling cell shows: the chain's rolling on the subtree's bets, the agent's own share, the valid or the whole stake. */
export const ROLLING_MEASURES = ['rolling', 'rolling_own', 'valid_amount', 'bet_amount'] as const;
type Measure = (typeof ROLLING_MEASURES)[number];
type RollingFigures = Pick<StatRollingRow, 'by_type' | 'total' | 'losing' | 'loss_fee'>;

function measureFields(t: (key: string) => string, measure: Measure, withMeasureName: boolean): StatField<RollingFigures>[] {
  const named = (label: string) => (withMeasureName ? `${label} · ${t(`partnerStats.measures.${measure}`)}` : label);
  return [
    ...STAT_GAME_TYPES.map((type) => ({
      id: type,
      header: named(t(`partnerStats.statTypes.${type}`)),
      money: (f: RollingFigures) => f.by_type[type][measure],
    })),
    { id: 'total', header: named(t('partnerStats.totals')), money: (f: RollingFigures) => f.total[measure] },
  ];
}

/** Losing and loss-fee: over all game types (one losing rate), so beside the per-type columns whatever the measure. */
function losingFields(t: (key: string) => string): StatField<RollingFigures>[] {
  return [
    { id: 'losing', header: t('partnerStats.col.losing'), money: (f) => f.losing },
    { id: 'loss_fee', header: t('partnerStats.col.lossFee'), money: (f) => f.loss_fee },
  ];
}

/**
 * /pa-statistics-rolling: rolling per game type (spec's rate settings: sports and Powerball single
 * and combination, mini game, casino, slot), the agent's own row first, then each direct lower
 * agent's subtree; one measure at a time, all of them in the XLSX.
 */
export function StatisticsRollingPage() {
  const { t } = useTranslation();
  const tt = t as unknown as (key: string) => string;
  const view = useStatView();
  const fmt = useStatFormat();
  const measure = groupOf(ROLLING_MEASURES, view.param('measure'));
  const range = { from: view.from, to: view.to };
  const q = useStatisticsRolling({ ...range, skip: skipOf(view.page) });
  return (
    <StatPage
      title={t('partner.menu.pa-statistics-rolling')}
      testId="pa-statistics-rolling"
      view={view}
      exportButton={
        <ExportXlsxButton<StatRollingRow>
          testId="pa-stats-export"
          filename={`statistics-rolling-${view.from}-${view.to}`}
          columns={[...whoExportColumns(t), ...statExportColumns([...ROLLING_MEASURES.flatMap((m) => measureFields(tt, m, true)), ...losingFields(tt)])]}
          rows={() => rollingExportRows(range)}
          totals={q.data ? { ...q.data.totals, ...totalsWho(t), id: 0 } : null}
        />
      }
    >
      <Tabs
        tabs={ROLLING_MEASURES}
        value={measure}
        onChange={(m) => view.set({ measure: m, page: view.page })}
        label={(m) => t(`partnerStats.measures.${m}`)}
        testId={(m) => `pa-stats-measure-${m}`}
      />
      <ListFrame
        query={q}
        errorText={t('partnerStats.loadFailed')}
        paging={{ page: view.page, onPage: (page) => view.set({ page }) }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account })}
        emptyText={t('partnerStats.empty')}
        className="pa-stat-table"
        testId="pa-stats-table"
        columns={[
          ...whoColumns<StatRollingRow>(t, true),
          ...statColumns<RollingFigures, StatRollingRow>([...measureFields(tt, measure, false), ...losingFields(tt)], q.data?.totals, fmt),
        ]}
      />
    </StatPage>
  );
}
