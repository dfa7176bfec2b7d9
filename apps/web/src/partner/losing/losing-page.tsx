import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LosingRow } from '@wager/contracts';
import { DateRangeFilter, quickRange } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { PER_PAGE, skipOf } from '../../ui/backoffice/paging.ts';
import { showToast } from '../toast.tsx';
import { exportTotals, losingColumns, losingExportColumns } from '../../ui/losing/columns.tsx';
import { losingExportRows, useLosingList, usePayLosing, useRecoverLosing } from './queries.ts';
import { useLosingAct } from '../../ui/losing/use-losing-act.ts';
import '../../ui/losing/losing.css';

/**
 * /pa-statistics-losing (spec §2; menu only with role_setting.isOpenLosing): the agent's own
 * losing settlements and its lower agents', by period; the agent pays its lower agents' pending
 * settlements and recovers paid ones (spec §6), each after a confirmation. The range defaults to
 * this month: periods are computed after they end, so "today" would mostly be empty.
 */
export function LosingPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(() => quickRange('thisMonth'));
  const [page, setPage] = useState(1);
  const q = useLosingList({ ...range, skip: skipOf(page), limit: PER_PAGE });
  const { act, busy } = useLosingAct(usePayLosing(), useRecoverLosing(), (text) => showToast(text));
  const actions = (r: LosingRow) =>
    r.can_act && (r.status === 'pending' || r.status === 'paid') ? (
      r.status === 'pending' ? (
        <button type="button" className="ui-btn ui-btn-primary" data-testid="pa-losing-pay" disabled={busy} onClick={() => void act('pay', r)}>
          {t('losing.pay')}
        </button>
      ) : (
        <button type="button" className="ui-btn ui-btn-danger" data-testid="pa-losing-recover" disabled={busy} onClick={() => void act('recover', r)}>
          {t('losing.recover')}
        </button>
      )
    ) : null;
  return (
    <BackofficePage
      title={t('partner.menu.pa-statistics-losing')}
      testId="pa-statistics-losing"
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
            testId="pa-losing-export"
            filename={`losing-${range.from}-${range.to}`}
            columns={losingExportColumns(t)}
            rows={() => losingExportRows(range)}
            totals={q.data ? exportTotals(t, q.data.totals) : null}
          />
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('losing.loadFailed')}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account, 'data-status': r.status, 'data-period': r.from_day })}
        emptyText={t('losing.empty')}
        className="pa-losing-table"
        testId="pa-losing-table"
        columns={losingColumns(t, i18n.language, q.data?.totals, actions)}
      />
      <p className="pa-losing-note">{t('losing.note')}</p>
    </BackofficePage>
  );
}
