import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankRequest } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { bankColumns } from './bank-columns.tsx';
import { useOwnRequests } from './queries.ts';

/** The agent's own charge or exchange requests under its request form, today by default. */
export function OwnRequests({ type }: { type: 'charge' | 'exchange' }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const [page, setPage] = useState(1);
  const q = useOwnRequests({ type, startedAt: range.from, endedAt: range.to, skip: skipOf(page) });
  return (
    <section className="pa-desk-mine" data-testid={`pa-own-${type}`}>
      <div className="pa-title-row">
        <h2 className="pa-subtitle">{t(`partnerMoney.mine.${type}`)}</h2>
        <Filters>
          <DateRangeFilter
            from={range.from}
            to={range.to}
            onChange={(r) => {
              setRange(r);
              setPage(1);
            }}
          />
        </Filters>
      </div>
      <ListFrame
        query={q}
        errorText={t('partnerMoney.loadFailed')}
        paging={{ page, onPage: setPage }}
        summary={(d) => <p className="pa-note">{t('partnerMoney.totals.own', { count: d.total, amount: formatMoney(d.amount, i18n.language) })}</p>}
        rows={(d) => d.logs}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'pa-own-row', 'data-status': r.status })}
        emptyText={t(`partnerMoney.empty.${type}`)}
        columns={bankColumns<BankRequest>(t, i18n.language, type)}
      />
    </section>
  );
}
