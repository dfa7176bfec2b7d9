import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetModal, type AssetModalOpen } from './asset-modal.tsx';
import { DownlineList } from './downline-list.tsx';

/** /pa-agent-user-list: every member and agent below the agent, with money and point grant/reclaim per row. */
export function PartnerUserListPage() {
  const { t } = useTranslation();
  const [modal, setModal] = useState<AssetModalOpen | null>(null);
  return (
    <DownlineList
      screen="pa-agent-user-list"
      actions={(r) => (
        <>
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
        </>
      )}
    >
      {modal && <AssetModal key={`${modal.asset}-${modal.row.id}-${modal.type}`} open={modal} onClose={() => setModal(null)} />}
    </DownlineList>
  );
}
