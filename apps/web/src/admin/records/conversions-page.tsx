import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminConversionRow, ConversionFamily } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { DateRangeFilter } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { exportConversions, useConversionList } from './queries.ts';
import { useUrlFilters } from './url-filters.ts';

const FILTERS = ['account', 'agent'] as const;
type KindKey = 'money_to_casino' | 'casino_to_money' | 'point_to_money' | 'money_to_egg' | 'egg_to_money';

/**
 * Money (casino money), point and egg conversion histories of every member (spec §2, §3
 * "Conversion record": processing and transferred amount, 1:1, and the source balance's
 * starting and closing amount), filters in the address bar, totals, Excel.
 */
export function ConversionsPage({ family }: { family: ConversionFamily }) {
  const { t, i18n } = useTranslation();
  const { values, from, to, page, set } = useUrlFilters(FILTERS);
  const [draft, setDraft] = useState({ account: values.account, agent: values.agent });
  const filter = { family, startedAt: from, endedAt: to, account: values.account || undefined, agent: values.agent || undefined };
  const q = useConversionList({ ...filter, skip: skipOf(page) });
  // Points are counted, not money; money and eggs are amounts of money.
  const amount = (v: string) => (family === 'point' ? formatPoints(v, i18n.language) : formatMoney(v, i18n.language));
  const kind = (k: string) => t(`adminRecords.conversions.kinds.${k as KindKey}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ account: draft.account.trim(), agent: draft.agent.trim() });
  };
  const cols = 'adminRecords.conversions.cols';
  return (
    <BackofficePage
      title={t(`adminRecords.conversions.titles.${family}`)}
      testId={`admin-conversions-${family}`}
      filters={
        <Filters onSubmit={submit}>
          <DateRangeFilter from={from} to={to} onChange={(r) => set({ from: r.from, to: r.to })} />
          {(['account', 'agent'] as const).map((k) => (
            <input
              key={k}
              className="ui-input ad-rec-search"
              placeholder={t(`adminRecords.common.${k}`)}
              aria-label={t(`adminRecords.common.${k}`)}
              data-testid={`admin-conversions-${k}`}
              value={draft[k]}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
          ))}
          <button type="submit" className="ui-btn ui-btn-primary">
            {t('adminRecords.common.search')}
          </button>
          <ExportXlsxButton
            filename={`conversions-${family}-${from}-${to}`}
            columns={[
              { header: 'ID', value: (r: AdminConversionRow) => r.id },
              { header: t(`${cols}.time`), value: (r) => formatDateTime(r.created_at) },
              { header: t('adminRecords.common.accountCol'), value: (r) => r.account, text: true },
              { header: t(`${cols}.nickname`), value: (r) => r.nickname },
              { header: t(`${cols}.kind`), value: (r) => kind(r.kind) },
              { header: t(`${cols}.amount`), value: (r) => r.amount },
              { header: t(`${cols}.transferred`), value: (r) => r.amount },
              { header: t(`${cols}.before`), value: (r) => r.before },
              { header: t(`${cols}.after`), value: (r) => r.after },
            ]}
            rows={() => exportConversions(filter)}
            testId="admin-conversions-export"
          />
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('adminRecords.common.loadFailed')}
        paging={{ page, onPage: (p) => set({ page: String(p) }) }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'admin-conversion-row', 'data-account': r.account })}
        emptyText={t('adminRecords.conversions.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (r: AdminConversionRow) => r.id, className: 'num', footer: t('adminRecords.common.totals') },
          { id: 'time', header: t(`${cols}.time`), cell: (r: AdminConversionRow) => formatDateTime(r.created_at), className: 'mono' },
          { id: 'account', header: t('adminRecords.common.accountCol'), cell: (r: AdminConversionRow) => r.account, className: 'strong' },
          { id: 'nickname', header: t(`${cols}.nickname`), cell: (r: AdminConversionRow) => r.nickname },
          { id: 'kind', header: t(`${cols}.kind`), cell: (r: AdminConversionRow) => kind(r.kind) },
          {
            id: 'amount',
            header: t(`${cols}.amount`),
            cell: (r: AdminConversionRow) => amount(r.amount),
            className: 'num strong',
            headClassName: 'num',
            footer: q.data ? <span data-testid="admin-conversions-total">{amount(q.data.totals.amount)}</span> : null,
          },
          { id: 'transferred', header: t(`${cols}.transferred`), cell: (r: AdminConversionRow) => amount(r.amount), className: 'num', headClassName: 'num' },
          { id: 'before', header: t(`${cols}.before`), cell: (r: AdminConversionRow) => amount(r.before), className: 'num', headClassName: 'num' },
          { id: 'after', header: t(`${cols}.after`), cell: (r: AdminConversionRow) => amount(r.after), className: 'num', headClassName: 'num' },
        ]}
      />
    </BackofficePage>
  );
}
