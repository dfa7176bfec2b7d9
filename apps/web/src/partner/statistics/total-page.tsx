import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import type { AllFigures, StatTotalRow } from '@wager/contracts';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { FIGURE_GROUPS, allFields, groupFields, groupOf } from './groups.ts';
import { totalExportRows, useStatisticsTotal } from './queries.ts';
import { statColumns, statExportColumns } from './stat-fields.tsx';
import { StatPage } from './stat-page.tsx';
import { useStatView } from './use-stat-view.ts';
import { useStatFormat } from './use-stat-format.ts';
import { totalsWho, whoColumns, whoExportColumns } from './who.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';

/**
 * /pa-statistics-total: every figure of spec §3 per direct lower agent (its whole subtree) and per
 * direct member, over the range, with the totals of all of them; one figure group at a time.
 */
export function StatisticsTotalPage() {
  const { t } = useTranslation();
  const view = useStatView();
  const fmt = useStatFormat();
  const group = groupOf(FIGURE_GROUPS, view.param('group'));
  const range = { from: view.from, to: view.to };
  const q = useStatisticsTotal({ ...range, skip: skipOf(view.page) });
  const fields = allFields(t, FIGURE_GROUPS);
  return (
    <StatPage
      title={t('partner.menu.pa-statistics-total')}
      testId="pa-statistics-total"
      view={view}
      exportButton={
        <ExportXlsxButton<StatTotalRow>
          testId="pa-stats-export"
          filename={`statistics-total-${view.from}-${view.to}`}
          columns={[...whoExportColumns(t), ...statExportColumns(fields)]}
          rows={() => totalExportRows(range)}
          totals={q.data ? { ...q.data.totals, ...totalsWho(t), id: 0, kind: 'agent' } : null}
        />
      }
    >
      <Tabs
        tabs={FIGURE_GROUPS}
        value={group}
        onChange={(g) => view.set({ group: g, page: view.page })}
        label={(g) => t(`partnerStats.groups.${g}`)}
        testId={(g) => `pa-stats-group-${g}`}
      />
      <ListFrame
        query={q}
        errorText={t('partnerStats.loadFailed')}
        paging={{ page: view.page, onPage: (page) => view.set({ page }) }}
        rows={(d) => d.rows}
        rowKey={(r) => `${r.kind}-${r.id}`}
        rowProps={(r) => ({ 'data-account': r.account })}
        // The lower subtrees' holdings come from a snapshot job: say when it was taken.
        summary={(d) =>
          group === 'holdings' &&
          d.holdings_as_of && <p className="pa-stats-note">{t('partnerStats.holdingsAsOf', { at: formatDateTime(d.holdings_as_of) })}</p>
        }
        emptyText={t('partnerStats.empty')}
        className="pa-stat-table"
        testId="pa-stats-table"
        columns={[...whoColumns<StatTotalRow>(t, true), ...statColumns<AllFigures, StatTotalRow>(groupFields(t, group), q.data?.totals, fmt)]}
      />
    </StatPage>
  );
}
