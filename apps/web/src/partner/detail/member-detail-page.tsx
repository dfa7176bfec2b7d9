import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { roleLabel } from '../role-label.ts';
import { InfoTab } from './info-tab.tsx';
import { BankTab, BetsTab, CasinoTab, LedgerTab, SessionsTab } from './list-tabs.tsx';
import { LimitsTab } from './limits-tab.tsx';
import { idParam } from './popup.ts';
import { useMemberDetail } from './queries.ts';
import './detail.css';

const TABS = ['info', 'ledger', 'sports', 'minigame', 'casino', 'charge', 'exchange', 'sessions', 'limits'] as const;
type Tab = (typeof TABS)[number];

/**
 * /pa-user-detail?id= (the 1400×980 popup the downline lists open) and /pa-user-detail-view?id=
 * (the same view inside the shell): one member or agent of the agent's subtree, its profile, money
 * and points, bets of every game, charges, exchanges and sessions (spec §2, §3; decision 034).
 */
export function PartnerMemberDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = idParam(search);
  if (id === null)
    return (
      <BackofficePage title={t('partnerDetail.title')} testId="pa-user-detail">
        <p className="pa-error">{t('partnerDetail.missingId')}</p>
      </BackofficePage>
    );
  return <MemberDetail key={id} id={id} />;
}

function MemberDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('info');
  const q = useMemberDetail(id);
  const account = q.data?.user.account;
  return (
    <BackofficePage title={account ? t('partnerDetail.titleOf', { account }) : t('partnerDetail.title')} testId="pa-user-detail">
      <QueryState query={q}>
        {({ user }) => (
          <>
            <p className="pa-detail-head">
              <strong>{user.nickname}</strong>
              <span className="pa-badge">
                {roleLabel(t, user.role)} · {t(`partnerDownline.statuses.${user.status}`)}
              </span>
              {user.excluded && (
                <span className="pa-badge pa-badge-excluded" data-testid="pa-detail-excluded">
                  {t('partnerDetail.excluded')}
                </span>
              )}
            </p>
            <Tabs
              tabs={user.role === 'user' ? TABS : TABS.filter((k) => k !== 'limits')}
              value={tab}
              onChange={setTab}
              label={(k) => t(`partnerDetail.tabs.${k}`)}
              testId={(k) => `pa-detail-tab-${k}`}
            />
            {tab === 'info' && <InfoTab user={user} />}
            {tab === 'ledger' && <LedgerTab userId={id} />}
            {(tab === 'sports' || tab === 'minigame') && <BetsTab key={tab} userId={id} gameType={tab} />}
            {tab === 'casino' && <CasinoTab account={user.account} />}
            {(tab === 'charge' || tab === 'exchange') && <BankTab key={tab} userId={id} type={tab} />}
            {tab === 'sessions' && <SessionsTab userId={id} />}
            {tab === 'limits' && user.role === 'user' && <LimitsTab userId={id} />}
          </>
        )}
      </QueryState>
    </BackofficePage>
  );
}
