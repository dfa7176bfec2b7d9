import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LosingRow } from '@wager/contracts';
import { exportTotals, losingColumns, losingExportColumns } from '../../ui/losing/columns.tsx';
import { useLosingAct } from '../../ui/losing/use-losing-act.ts';
import { DateRangeFilter, quickRange } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { PER_PAGE, skipOf } from '../../ui/backoffice/paging.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { InitPanel } from './init-panel.tsx';
import { adminLosingExportRows, useAdminLosingList, useAdminPayLosing, useAdminRecoverLosing } from './queries.ts';
import { RunPanel } from './run-panel.tsx';

/**
 * /admin/settlement (decision 031): run a losing period, every agent's settlements with pay and
 * recover (the top agents' own are paid here), and the initialisation with its progress.
 */
export function SettlementPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(() => quickRange('thisMonth'));
  const [page, setPage] = useState(1);
  const q = useAdminLosingList({ ...range, skip: skipOf(page), limit: PER_PAGE });
  const { act, busy } = useLosingAct(useAdminPayLosing(), useAdminRecoverLosing(), (text) => void showAlert(text));
  const actions = (r: LosingRow) =>
    r.status === 'pending' ? (
      <button type="button" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-losing-pay" disabled={busy} onClick={() => void act('pay', r)}>
        {t('losing.pay')}
      </button>
    ) : r.status === 'paid' ? (
      <button
        type="button"
        className="ui-btn ui-btn-danger ad-btn-sm"
        data-testid="admin-losing-recover"
        disabled={busy}
        onClick={() => void act('recover', r)}
      >
        {t('losing.recover')}
      </button>
    ) : null;
  return (
    <BackofficePage
      title={t('losing.admin.title')}
      testId="admin-settlement"
      filters={
        <Filters>
          <DateRangeFilter
            from={range.from}
            to={range.to}
            onChange={(r) => {
              setRange(r);
              setPage(1);
            }}
          />
          <ExportXlsxButton<LosingRow>
            testId="admin-losing-export"
            filename={`losing-${range.from}-${range.to}`}
            columns={losingExportColumns(t)}
            rows={() => adminLosingExportRows(range)}
            totals={q.data ? exportTotals(t, q.data.totals) : null}
          />
        </Filters>
      }
    >
      <div className="ad-settle-panels">
        <RunPanel />
        <InitPanel />
      </div>
      <ListFrame
        query={q}
        errorText={t('losing.loadFailed')}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account, 'data-status': r.status, 'data-period': r.from_day })}
        emptyText={t('losing.empty')}
        testId="admin-losing-table"
        columns={losingColumns(t, i18n.language, q.data?.totals, actions)}
      />
    </BackofficePage>
  );
}
