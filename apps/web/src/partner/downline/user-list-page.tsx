import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BULK_ACTIONS, ROLES, type BulkAction, type RoleName } from '@wager/contracts';
import { useAgentSiteContext } from '../agent-session.tsx';
import { roleLabel } from '../role-label.ts';
import { AssetModal, type AssetModalOpen } from './asset-modal.tsx';
import { DownlineList } from './downline-list.tsx';
import { RatesModal } from './rates-modal.tsx';
import type { DownlineRow } from '@wager/contracts';

type Screen = 'pa-agent-user-list' | 'pa-users' | 'pa-agent-user-list-by-role';

/**
 * The lists of accounts below the agent, each with money and point grant/reclaim and rates per
 * row, and the bulk bar: /pa-agent-user-list (everyone), /pa-users (members only) and
 * /pa-agent-user-list-by-role (one tier).
 */
function UserList({ screen, role, title, bulk }: { screen: Screen; role?: RoleName; title?: string; bulk: readonly BulkAction[] }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<AssetModalOpen | null>(null);
  const [rates, setRates] = useState<DownlineRow | null>(null);
  const seamless = useAgentSiteContext()?.is_seamless ?? true;
  return (
    <DownlineList
      key={role ?? screen}
      screen={screen}
      role={role}
      title={title}
      bulk={bulk}
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
          {/* The user balance modal: a member's casino money, unless the wallet is seamless (decision 029). */}
          {r.role === 'user' && !seamless && (
            <>
              <button type="button" className="ui-btn" data-testid="pa-casino-in" onClick={() => setModal({ asset: 'casino', row: r, type: 'grant' })}>
                {t('partnerMoney.balance.actionIn')}
              </button>
              <button type="button" className="ui-btn" data-testid="pa-casino-out" onClick={() => setModal({ asset: 'casino', row: r, type: 'reclaim' })}>
                {t('partnerMoney.balance.actionOut')}
              </button>
            </>
          )}
          <button type="button" className="ui-btn" data-testid="pa-rates" onClick={() => setRates(r)}>
            {t('partnerDownline.actions.rates')}
          </button>
        </>
      )}
    >
      {modal && <AssetModal key={`${modal.asset}-${modal.row.id}-${modal.type}`} open={modal} onClose={() => setModal(null)} />}
      {rates && <RatesModal key={rates.id} row={rates} onClose={() => setRates(null)} />}
    </DownlineList>
  );
}

/** /pa-agent-user-list: every member and agent below the agent. */
export function PartnerUserListPage() {
  return <UserList screen="pa-agent-user-list" bulk={BULK_ACTIONS} />;
}

/** /pa-users: the members below the agent, at any depth. */
export function PartnerMembersPage() {
  return <UserList screen="pa-users" role="user" bulk={BULK_ACTIONS} />;
}

/**
 * /pa-agent-user-list-by-role?role=…&propirty=… (the side menu's tier links): the accounts of one
 * tier below the agent. Agents have no member life cycle, so an agent tier's bulk bar only approves.
 */
export function PartnerByRolePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const role = ROLES.find((r) => r.name === params.get('role'))?.name ?? 'user';
  const title = `${roleLabel(t, role)} ${t('partner.menu.byRole')}`;
  return <UserList screen="pa-agent-user-list-by-role" role={role} title={title} bulk={role === 'user' ? BULK_ACTIONS : ['approve']} />;
}
