import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { AssetModal, type AssetModalOpen } from './asset-modal.tsx';
import { downlineColumns } from './columns.tsx';
import { DownlineFilters, listBody, type DownlineFilter } from './downline-filters.tsx';
import { useDownlineUsers } from './queries.ts';

/** /pa-agent-user-list: every member and agent below the agent, with money and point grant/reclaim per row. */
export function PartnerUserListPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<DownlineFilter>({ search: '', status: '' });
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<AssetModalOpen | null>(null);
  const q = useDownlineUsers(listBody(filter, page));
  return (
    <BackofficePage
      title={t('partner.menu.pa-agent-user-list')}
      testId="pa-agent-user-list"
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
          {
            id: 'actions',
            header: t('partnerDownline.col.actions'),
            cell: (r) => (
              <span className="pa-row-actions">
                <button type="button" className="ui-btn" data-testid="pa-money-grant" onClick={() => setModal({ asset: 'money', row: r, type: 'grant' })}>
                  {t('partnerDownline.actions.moneyGrant')}
                </button>
                <button type="button" className="ui-btn" data-testid="pa-money-reclaim" onClick={() => setModal({ asset: 'money', row: r, type: 'reclaim' })}>
                  {t('partnerDownline.actions.moneyReclaim')}
                </button>
                <button type="button" className="ui-btn" data-testid="pa-point-grant" onClick={() => setModal({ asset: 'point', row: r, type: 'grant' })}>
                  {t('partnerDownline.actions.pointGrant')}
                </button>
                <button type="button" className="ui-btn" data-testid="pa-point-reclaim" onClick={() => setModal({ asset: 'point', row: r, type: 'reclaim' })}>
                  {t('partnerDownline.actions.pointReclaim')}
                </button>
              </span>
            ),
          },
        ]}
      />
      {modal && <AssetModal key={`${modal.asset}-${modal.row.id}-${modal.type}`} open={modal} onClose={() => setModal(null)} />}
    </BackofficePage>
  );
}
