import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeRow } from '@wager/contracts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton, type ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { roleLabel } from '../role-label.ts';
import { exportTrade, useTradeReport } from './queries.ts';

type Sums = Omit<TradeRow, 'user_id' | 'account' | 'nickname' | 'role'>;
const POINT = ['point_granted', 'point_reclaimed'] as const;
const COLUMNS = [
  ['money_granted', 'moneyGranted'],
  ['money_reclaimed', 'moneyReclaimed'],
  ['point_granted', 'pointGranted'],
  ['point_reclaimed', 'pointReclaimed'],
  ['casino_in', 'casinoIn'],
  ['casino_out', 'casinoOut'],
  ['money_net', 'moneyNet'],
] as const;

/** /pa-trade-report: money and points moved between the agent and each sub-account over the period, with totals. */
export function PartnerTradeReportPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const [page, setPage] = useState(1);
  const filter = { startedAt: range.from, endedAt: range.to };
  const q = useTradeReport({ ...filter, skip: skipOf(page) });
  const show = (key: keyof Sums, v: string) => ((POINT as readonly string[]).includes(key) ? formatPoints(v, i18n.language) : formatMoney(v, i18n.language));
  const totals = q.data?.totals;
  const exportColumns: ExportColumn<TradeRow>[] = [
    { header: t('partnerMoney.col.account'), value: (r) => r.account, text: true },
    { header: t('partnerMoney.col.nickname'), value: (r) => r.nickname },
    { header: t('partnerMoney.col.role'), value: (r) => (r.role ? roleLabel(t, r.role) : '') },
    ...COLUMNS.map(([key, label]) => ({ header: t(`partnerMoney.col.${label}`), value: (r: TradeRow) => r[key] })),
    { header: t('partnerMoney.col.count'), value: (r) => r.count },
  ];
  return (
    <BackofficePage
      title={t('partnerMoney.report.tradeTitle')}
      testId="pa-trade-report"
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
          <ExportXlsxButton
            filename={`trade-report-${range.from}-${range.to}`}
            columns={exportColumns}
            rows={() => exportTrade(filter)}
            totals={totals ? { user_id: 0, account: t('partnerMoney.totals.label'), nickname: '', role: '', ...totals } : null}
            testId="pa-trade-export"
          />
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('partnerMoney.loadFailed')}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.user_id}
        rowProps={(r) => ({ 'data-testid': 'pa-trade-row', 'data-account': r.account })}
        emptyText={t('partnerMoney.empty.trade')}
        columns={[
          { id: 'account', header: t('partnerMoney.col.account'), className: 'strong', cell: (r) => r.account, footer: t('partnerMoney.totals.label') },
          { id: 'nickname', header: t('partnerMoney.col.nickname'), cell: (r) => r.nickname },
          { id: 'role', header: t('partnerMoney.col.role'), cell: (r) => roleLabel(t, r.role) },
          ...COLUMNS.map(([key, label]) => ({
            id: key,
            header: t(`partnerMoney.col.${label}`),
            headClassName: 'num',
            className: key === 'money_net' ? 'num strong' : 'num',
            cell: (r: TradeRow) => show(key, r[key]),
            footer: totals ? <span data-testid={`pa-trade-total-${key}`}>{show(key, totals[key])}</span> : undefined,
          })),
          { id: 'count', header: t('partnerMoney.col.count'), headClassName: 'num', className: 'num', cell: (r) => r.count, footer: totals?.count },
        ]}
      />
    </BackofficePage>
  );
}
