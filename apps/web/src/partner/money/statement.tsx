import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_REPORT_GROUPS, type MoneyReportGroup, type StatementRow } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { exportStatement, useMoneyReport } from './queries.ts';

type Asset = 'money' | 'point';

/** A ledger kind in words ('charge.approve' → partnerMoney.kind.charge_approve); an unknown kind shows as stored. */
function useKindText() {
  const { t, i18n } = useTranslation();
  return (kind: string) => {
    const key = `partnerMoney.kind.${kind.replace('.', '_')}`;
    return i18n.exists(key) ? t(key as 'partnerMoney.kind.agent_grant') : kind;
  };
}

/**
 * The agent's own statement of one asset (the ledger's postings, each with the balance after it:
 * the running balance), today by default, with the period's in and out. Money report and the
 * point page's history.
 */
export function Statement({ asset, groups, testId }: { asset: Asset; groups: boolean; testId: string }) {
  const { t, i18n } = useTranslation();
  const kindText = useKindText();
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const [group, setGroup] = useState<MoneyReportGroup | ''>('');
  const [page, setPage] = useState(1);
  const filter = { asset, startedAt: range.from, endedAt: range.to, group: group || undefined };
  const q = useMoneyReport({ ...filter, skip: skipOf(page) });
  const show = (v: string) => (asset === 'money' ? formatMoney(v, i18n.language) : formatPoints(v, i18n.language));
  const signed = (v: string) => (v.startsWith('-') ? show(v) : `+${show(v)}`);
  return (
    <section data-testid={testId}>
      <Filters>
        <DateRangeFilter
          from={range.from}
          to={range.to}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        {groups && (
          <SelectFilter
            className="ui-input"
            value={group}
            onChange={(g) => {
              setGroup(g);
              setPage(1);
            }}
            options={MONEY_REPORT_GROUPS}
            label={(g) => t(`partnerMoney.report.group.${g}`)}
            allLabel={t('partnerMoney.report.allGroups')}
            ariaLabel={t('partnerMoney.col.kind')}
            testId="pa-report-group"
          />
        )}
        <ExportXlsxButton
          filename={`${asset}-statement-${range.from}-${range.to}`}
          columns={[
            { header: t('partnerMoney.col.date'), value: (r: StatementRow) => formatDateTime(r.created_at) },
            { header: t('partnerMoney.col.kind'), value: (r: StatementRow) => kindText(r.kind) },
            { header: t('partnerMoney.col.memo'), value: (r: StatementRow) => r.memo },
            { header: t('partnerMoney.col.change'), value: (r: StatementRow) => r.amount },
            { header: t('partnerMoney.col.before'), value: (r: StatementRow) => r.before },
            { header: t('partnerMoney.col.after'), value: (r: StatementRow) => r.after },
          ]}
          rows={() => exportStatement(filter)}
          testId="pa-report-export"
        />
      </Filters>
      <ListFrame
        query={q}
        errorText={t('partnerMoney.loadFailed')}
        paging={{ page, onPage: setPage }}
        summary={(d) => (
          <p className="pa-note" data-testid="pa-report-totals">
            {t('partnerMoney.totals.statement', { count: d.total, credit: show(d.credit), debit: show(d.debit) })}
          </p>
        )}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'pa-report-row', 'data-kind': r.kind })}
        emptyText={t('partnerMoney.empty.statement')}
        columns={[
          { id: 'date', header: t('partnerMoney.col.date'), className: 'mono', cell: (r) => formatDateTime(r.created_at) },
          { id: 'kind', header: t('partnerMoney.col.kind'), cell: (r) => kindText(r.kind) },
          { id: 'memo', header: t('partnerMoney.col.memo'), cell: (r) => r.memo ?? '-' },
          {
            id: 'change',
            header: t('partnerMoney.col.change'),
            headClassName: 'num',
            className: (r) => (r.amount.startsWith('-') ? 'num pa-minus' : 'num pa-plus'),
            cell: (r) => signed(r.amount),
          },
          { id: 'before', header: t('partnerMoney.col.before'), headClassName: 'num', className: 'num', cell: (r) => show(r.before) },
          { id: 'after', header: t('partnerMoney.col.after'), headClassName: 'num', className: 'num strong', cell: (r) => show(r.after) },
        ]}
      />
    </section>
  );
}

/** The point page's history: every point entry of the agent. */
export function PointStatement() {
  const { t } = useTranslation();
  return (
    <section className="pa-desk-mine">
      <h2 className="pa-subtitle">{t('partnerMoney.mine.point')}</h2>
      <Statement asset="point" groups={false} testId="pa-point-statement" />
    </section>
  );
}
