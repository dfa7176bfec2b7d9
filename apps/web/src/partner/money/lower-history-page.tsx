import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_REQUEST_STATUSES, type LowerBankRow } from '@wager/contracts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { formatMoney } from '../../lib/money.ts';
import { roleLabel } from '../role-label.ts';
import { bankColumns, bankExportColumns } from './bank-columns.tsx';
import { exportLowerRequests, useLowerRequests } from './queries.ts';

type Status = (typeof BANK_REQUEST_STATUSES)[number];

/** /pa-charge-history and /pa-exchange-history: the requests of every account below the agent, today by default, with totals. */
export function PartnerLowerBankPage({ type }: { type: 'charge' | 'exchange' }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const [status, setStatus] = useState<Status | ''>('');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filter = { type, startedAt: range.from, endedAt: range.to, status: status || undefined, search: search || undefined };
  const q = useLowerRequests({ ...filter, skip: skipOf(page) });
  const m = (v: string) => formatMoney(v, i18n.language);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  const columns = [
    { header: t('partnerMoney.col.account'), value: (r: LowerBankRow) => r.account, text: true },
    { header: t('partnerMoney.col.nickname'), value: (r: LowerBankRow) => r.nickname },
    { header: t('partnerMoney.col.role'), value: (r: LowerBankRow) => roleLabel(t, r.role) },
    ...bankExportColumns<LowerBankRow>(t, type),
  ];
  return (
    <BackofficePage
      title={t(`partnerMoney.lowerTitle.${type}`)}
      testId={`pa-${type}-history`}
      filters={
        <Filters onSubmit={submit}>
          <DateRangeFilter
            from={range.from}
            to={range.to}
            onChange={(r) => {
              setRange(r);
              setPage(1);
            }}
          />
          <SelectFilter
            className="ui-input"
            value={status}
            onChange={(s) => {
              setStatus(s);
              setPage(1);
            }}
            options={BANK_REQUEST_STATUSES}
            label={(s) => t(`money.status.${type}.${s}`)}
            allLabel={t('partnerMoney.allStatuses')}
            ariaLabel={t('partnerMoney.col.status')}
            testId="pa-bank-status"
          />
          <input
            className="ui-input"
            placeholder={t('partnerMoney.searchPlaceholder')}
            aria-label={t('partnerMoney.searchPlaceholder')}
            data-testid="pa-bank-search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="ui-btn ui-btn-primary">
            {t('partnerMoney.search')}
          </button>
          <ExportXlsxButton
            filename={`${type}-history-${range.from}-${range.to}`}
            columns={columns}
            rows={() => exportLowerRequests(filter)}
            testId="pa-bank-export"
          />
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('partnerMoney.loadFailed')}
        paging={{ page, onPage: setPage }}
        summary={(d) => (
          <p className="pa-note" data-testid="pa-bank-totals">
            {t('partnerMoney.totals.requests', { count: d.total, amount: m(d.amount), approved: m(d.approved_amount) })}
          </p>
        )}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'pa-bank-row', 'data-account': r.account })}
        emptyText={t(`partnerMoney.empty.${type}`)}
        columns={[
          {
            id: 'account',
            header: t('partnerMoney.col.account'),
            className: 'strong',
            cell: (r: LowerBankRow) => r.account,
            footer: t('partnerMoney.totals.label'),
          },
          { id: 'nickname', header: t('partnerMoney.col.nickname'), cell: (r: LowerBankRow) => r.nickname },
          { id: 'role', header: t('partnerMoney.col.role'), cell: (r: LowerBankRow) => roleLabel(t, r.role) },
          { id: 'parent', header: t('partnerMoney.col.parent'), cell: (r: LowerBankRow) => r.parent_account ?? '-' },
          ...bankColumns<LowerBankRow>(t, i18n.language, type, q.data?.amount),
        ]}
      />
    </BackofficePage>
  );
}
