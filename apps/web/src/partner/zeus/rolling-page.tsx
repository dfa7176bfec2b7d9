import { useTranslation } from 'react-i18next';
import { ZEUS_GAME_GROUPS, type CallData } from '@wager/contracts';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { groupOf } from '../statistics/groups.ts';
import { statColumns, statExportColumns, type StatField } from '../statistics/stat-fields.tsx';
import { StatPage } from '../statistics/stat-page.tsx';
import { useStatView } from '../statistics/use-stat-view.ts';
import { useStatFormat } from '../statistics/use-stat-format.ts';
import { totalsWho, whoColumns, whoExportColumns } from '../statistics/who.tsx';
import { useZeusRolling, zeusRollingExportRows } from './queries.ts';
import { skipOf } from '../../ui/backoffice/paging.ts';

type Answer = CallData<'/api/agent/zeus/statistics/rolling'>;
type Row = Answer['rows'][number];
type Figures = Answer['totals'];

/**
 * /pa-zeus-statistics-rolling?gameType=: one game group's stakes, payouts and rolling per direct
 * lower agent (the agent's own row first); the group is a tab and stays in the address bar.
 */
export function ZeusRollingPage() {
  const { t } = useTranslation();
  const view = useStatView();
  const fmt = useStatFormat();
  const gameType = groupOf(ZEUS_GAME_GROUPS, view.param('gameType'));
  const range = { from: view.from, to: view.to, gameType };
  const q = useZeusRolling({ ...range, skip: skipOf(view.page) });
  const col = (key: 'betAmount' | 'betCount' | 'validAmount' | 'winAmount' | 'rolling' | 'ownRolling' | 'losing' | 'lossFee') => t(`partnerStats.col.${key}`);
  const fields: StatField<Figures>[] = [
    { id: 'bet', header: col('betAmount'), countHeader: col('betCount'), money: (f) => f.bet_amount, count: (f) => f.bet_count },
    { id: 'valid', header: col('validAmount'), money: (f) => f.valid_amount },
    { id: 'win', header: col('winAmount'), money: (f) => f.win_amount },
    { id: 'rolling', header: col('rolling'), money: (f) => f.rolling },
    { id: 'rolling_own', header: col('ownRolling'), money: (f) => f.rolling_own },
    // Over all game types (one losing rate), whatever the group tab.
    { id: 'losing', header: col('losing'), money: (f) => f.losing },
    { id: 'loss_fee', header: col('lossFee'), money: (f) => f.loss_fee },
  ];
  return (
    <StatPage
      title={`${t('partner.menu.pa-zeus-statistics-rolling')} · ${t(`partnerStats.gameTypes.${gameType}`)}`}
      testId="pa-zeus-statistics-rolling"
      view={view}
      exportButton={
        <ExportXlsxButton<Row>
          testId="pa-stats-export"
          filename={`zeus-rolling-${gameType}-${view.from}-${view.to}`}
          columns={[...whoExportColumns(t), ...statExportColumns(fields)]}
          rows={() => zeusRollingExportRows(range)}
          totals={q.data ? { ...q.data.totals, ...totalsWho(t), id: 0 } : null}
        />
      }
    >
      <Tabs
        tabs={ZEUS_GAME_GROUPS}
        value={gameType}
        onChange={(g) => view.set({ gameType: g })}
        label={(g) => t(`partnerStats.gameTypes.${g}`)}
        testId={(g) => `pa-stats-game-${g}`}
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
        columns={[...whoColumns<Row>(t, true), ...statColumns<Figures, Row>(fields, q.data?.totals, fmt)]}
      />
    </StatPage>
  );
}
