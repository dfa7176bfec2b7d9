import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownlineRow } from '@wager/contracts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { downlineColumns } from './columns.tsx';
import { DownlineFilters, listBody, type DownlineFilter } from './downline-filters.tsx';
import { useChildAgents, useDownlineUsers } from './queries.ts';

const LISTS = { 'pa-agent-user-list': useDownlineUsers, 'pa-child-user-list': useChildAgents } as const;

/**
 * A downline list screen: filters, the downline columns and one column of row actions. The two
 * screens (everyone below, direct lower agents) differ only in their call and their actions.
 */
export function DownlineList({ screen, actions, children }: { screen: keyof typeof LISTS; actions: (row: DownlineRow) => ReactNode; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<DownlineFilter>({ search: '', status: '' });
  const [page, setPage] = useState(1);
  const q = LISTS[screen](listBody(filter, page));
  return (
    <BackofficePage
      title={t(`partner.menu.${screen}`)}
      testId={screen}
      filters={
        <DownlineFilters
          onApply={(f) => {
            setFilter(f);
            setPage(1);
          }}
        />
      }
    >
      <ListFrame
        query={q}
        errorText={t('partnerDownline.loadFailed')}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account })}
        emptyText={t('partnerDownline.empty')}
        columns={[
          ...downlineColumns(t, i18n.language),
          { id: 'actions', header: t('partnerDownline.col.actions'), cell: (r) => <span className="pa-row-actions">{actions(r)}</span> },
        ]}
      />
      {children}
    </BackofficePage>
  );
}
