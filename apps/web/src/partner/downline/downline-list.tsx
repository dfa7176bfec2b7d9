import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkAction, DownlineRow, RoleName } from '@wager/contracts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { downlineColumns } from './columns.tsx';
import { DownlineFilters, listBody, type DownlineFilter } from './downline-filters.tsx';
import { useChildAgents, useDownlineUsers } from './queries.ts';

const LISTS = {
  'pa-agent-user-list': useDownlineUsers,
  'pa-users': useDownlineUsers,
  'pa-agent-user-list-by-role': useDownlineUsers,
  'pa-child-user-list': useChildAgents,
} as const;

type Props = {
  screen: keyof typeof LISTS;
  actions: (row: DownlineRow) => ReactNode;
  /** One tier only (the members list, the by-role list). */
  role?: RoleName;
  /** Replaces the menu's title (the by-role list names its tier). */
  title?: ReactNode;
  /** Row checkboxes and the bulk bar with these actions (spec §4 "Bulk actions on selected lower members"). */
  bulk?: readonly BulkAction[];
  children?: ReactNode;
};

/**
 * A downline list screen: filters, the downline columns and one column of row actions; with
 * `bulk`, a checkbox per row and the bulk bar above the table. The screens differ only in their
 * call, their tier and their actions.
 */
export function DownlineList({ screen, actions, role, title, bulk, children }: Props) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<DownlineFilter>({ search: '', status: '' });
  const [page, setPage] = useState(1);
  // Selected rows by id; a new page or filter starts a new selection (the rows shown are the ones chosen from).
  const [selected, setSelected] = useState<ReadonlyMap<number, DownlineRow>>(new Map());
  const q = LISTS[screen]({ ...listBody(filter, page), role });
  const pageRows = q.data?.rows ?? [];
  const clear = () => setSelected(new Map());
  const toggle = (row: DownlineRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const allChecked = pageRows.length > 0 && pageRows.every((r) => selected.has(r.id));
  const toggleAll = () => setSelected(allChecked ? new Map() : new Map(pageRows.map((r) => [r.id, r])));

  return (
    <BackofficePage
      title={title ?? t(`partner.menu.${screen}`)}
      testId={screen}
      filters={
        <DownlineFilters
          onApply={(f) => {
            setFilter(f);
            setPage(1);
            clear();
          }}
        />
      }
    >
      {bulk && <BulkBar actions={bulk} selected={[...selected.values()]} onDone={clear} />}
      <ListFrame
        query={q}
        errorText={t('partnerDownline.loadFailed')}
        paging={{
          page,
          onPage: (p) => {
            setPage(p);
            clear();
          },
        }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account, className: selected.has(r.id) ? 'is-selected' : undefined })}
        emptyText={t('partnerDownline.empty')}
        columns={[
          bulk !== undefined && {
            id: 'select',
            headClassName: 'pa-select-cell',
            className: 'pa-select-cell',
            header: (
              <input type="checkbox" aria-label={t('partnerDownline.bulk.selectAll')} data-testid="pa-select-all" checked={allChecked} onChange={toggleAll} />
            ),
            cell: (r: DownlineRow) => (
              <input
                type="checkbox"
                aria-label={t('partnerDownline.bulk.selectRow', { account: r.account })}
                data-testid="pa-select-row"
                checked={selected.has(r.id)}
                onChange={() => toggle(r)}
              />
            ),
          },
          ...downlineColumns(t, i18n.language),
          { id: 'actions', header: t('partnerDownline.col.actions'), cell: (r) => <span className="pa-row-actions">{actions(r)}</span> },
        ]}
      />
      {children}
    </BackofficePage>
  );
}
