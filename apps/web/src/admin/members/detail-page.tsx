import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RESTRICTIONS } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { AdjustDialog, RestrictionsDialog } from '../ops/member-dialogs.tsx';
import { Badge } from '../ops/shared.tsx';
import {
  ActivityTab,
  AttendanceTab,
  BetsTab,
  CasinoTab,
  CodesTab,
  ConnectionsTab,
  EnvironmentTab,
  InquiriesTab,
  NotesTab,
  UpdatesTab,
} from './detail-tabs.tsx';
import { IdentityPanel } from './identity/identity-panel.tsx';
import { ProtectionPanel } from './protection/protection-panel.tsx';
import { ProfileForm } from './profile-form.tsx';
import { useMemberDetail, type AdminDetail } from './queries.ts';
import { RatesForm } from './rates-form.tsx';
import { StatusActions } from './status-actions.tsx';

const TABS = [
  'subscription',
  'activity',
  'account',
  'identity',
  'protection',
  'notes',
  'inquiries',
  'casino',
  'bets',
  'connections',
  'updates',
  'codes',
  'attendance',
  'environment',
] as const;
type Tab = (typeof TABS)[number];
const dt = (v: string | null) => (v ? formatDateTime(v) : '-');

/** Money, points, eggs and casino money, status, tier and level: the head of both detail pages. */
export function DetailHead({ detail, onAdjust, onRestrict }: { detail: AdminDetail; onAdjust: () => void; onRestrict: () => void }) {
  const { t, i18n } = useTranslation();
  const u = detail.user;
  return (
    <div className="am-head" data-testid="member-head">
      <dl className="am-facts">
        <div>
          <dt>{t('adminMembers.detail.status')}</dt>
          <dd data-testid="member-status">
            <Badge tone={u.status.startsWith('normal') ? 'ok' : u.status === 'blocked' ? 'danger' : 'warn'}>{t(`adminOps.members.statuses.${u.status}`)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.role')}</dt>
          <dd>{t(`adminOps.members.roles.${u.role}` as never, { defaultValue: u.role })}</dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.level')}</dt>
          <dd>{u.level}</dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.parent')}</dt>
          <dd>{detail.parent_id ? <Link to={`/admin/agents/${detail.parent_id}`}>{u.parent_account}</Link> : '-'}</dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.money')}</dt>
          <dd className="num" data-testid="member-money">
            {formatMoney(u.money, i18n.language)}
          </dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.point')}</dt>
          <dd className="num">{formatPoints(u.point, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.egg')}</dt>
          <dd className="num">{formatPoints(u.egg, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('adminMembers.detail.casino')}</dt>
          <dd className="num">{formatMoney(u.casino, i18n.language)}</dd>
        </div>
        <div>
          <dt>{u.online ? t('adminMembers.detail.online') : t('adminMembers.detail.offline')}</dt>
          <dd>{dt(u.last_activity_at)}</dd>
        </div>
      </dl>
      <StatusActions userId={u.id} account={u.account} status={u.status} next={detail.next_statuses} />
      <div className="am-row">
        <span className="am-label">{t('adminMembers.detail.restrictions')}</span>
        <span data-testid="member-restrictions">
          {detail.restrictions.length === 0
            ? t('adminMembers.detail.noRestrictions')
            : RESTRICTIONS.filter((r) => detail.restrictions.includes(r))
                .map((r) => t(`adminOps.restrict.items.${r}`))
                .join(', ')}
        </span>
        <button type="button" className="ui-btn" data-testid="member-restrict-open" onClick={onRestrict} disabled={u.status === 'deleted'}>
          {t('adminMembers.detail.restrictions')}
        </button>
        <button type="button" className="ui-btn ui-btn-primary" data-testid="member-adjust-open" onClick={onAdjust} disabled={u.status === 'deleted'}>
          {t('adminMembers.detail.grant')}
        </button>
      </div>
    </div>
  );
}

/** The member list's row shape the ops dialogs (grant/reclaim, restrictions) take. */
export const asMemberRow = (d: AdminDetail) => ({
  id: d.user.id,
  account: d.user.account,
  nickname: d.user.nickname,
  name: d.user.name,
  role: d.user.role,
  level: d.user.level,
  status: d.user.status,
  parent_account: d.user.parent_account,
  money: d.user.money,
  point: d.user.point,
  join_ip: d.user.join_ip,
  created_at: d.user.created_at,
  last_login_at: d.user.last_login_at,
  restrictions: d.restrictions,
});

/** The dialogs both detail pages open from their head. */
export function useHeadDialogs(detail: AdminDetail | undefined, refetch: () => unknown) {
  const [open, setOpen] = useState<'adjust' | 'restrict' | null>(null);
  const dialogs =
    detail && open === 'adjust' ? (
      <AdjustDialog member={asMemberRow(detail)} onClose={() => setOpen(null)} onDone={refetch} />
    ) : detail && open === 'restrict' ? (
      <RestrictionsDialog member={asMemberRow(detail)} onClose={() => setOpen(null)} onDone={refetch} />
    ) : null;
  return { dialogs, onAdjust: () => setOpen('adjust'), onRestrict: () => setOpen('restrict') };
}

function SubscriptionTab({ detail }: { detail: AdminDetail }) {
  const { t } = useTranslation();
  const u = detail.user;
  const facts: [string, string][] = [
    ['createdAt', dt(u.created_at)],
    ['joinIp', u.join_ip ?? '-'],
    ['referral', u.referral_code ?? '-'],
    ['birth', u.birth_date ?? '-'],
    ['domain', u.domain ?? '-'],
    ['country', u.country ?? '-'],
    ['device', u.device ?? '-'],
    ['ip', u.ip ?? '-'],
    ['visits', String(u.visit_count)],
    ['lastLogin', dt(u.last_login_at)],
    ['lastCharge', dt(u.last_charge_at)],
    ['exchangePassword', u.has_exchange_password ? t('adminMembers.sub.set') : t('adminMembers.sub.unset')],
    ['rateSum', `${u.rate_sum}%`],
  ];
  return (
    <dl className="am-facts am-facts-wide" data-testid="member-subscription">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{t(`adminMembers.sub.${k}` as never)}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function MemberDetailPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().id);
  const query = useMemberDetail(userId);
  const [tab, setTab] = useState<Tab>('subscription');
  const { dialogs, onAdjust, onRestrict } = useHeadDialogs(query.data, () => query.refetch());
  const account = query.data?.user.account ?? '';
  return (
    <BackofficePage
      title={t('adminMembers.detail.title', { account })}
      testId="admin-member-detail"
      filters={
        query.data && query.data.user.role !== 'user' ? (
          <Link className="ui-btn" to={`/admin/agents/${userId}`}>
            {t('adminMembers.detail.openAgent')}
          </Link>
        ) : undefined
      }
    >
      <QueryState query={query} errorText={t('adminMembers.detail.notFound')}>
        {(d) => (
          <>
            <DetailHead detail={d} onAdjust={onAdjust} onRestrict={onRestrict} />
            <Tabs tabs={TABS} value={tab} onChange={setTab} label={(k) => t(`adminMembers.tabs.${k}`)} testId={(k) => `member-tab-${k}`} />
            <div className="am-tab" data-testid={`member-panel-${tab}`}>
              {tab === 'subscription' && <SubscriptionTab detail={d} />}
              {tab === 'activity' && <ActivityTab userId={userId} />}
              {tab === 'account' && (
                <>
                  <ProfileForm key={`${d.user.nickname}:${d.user.level}`} detail={d} />
                  <RatesForm key={d.user.rate_sum} detail={d} />
                </>
              )}
              {tab === 'identity' && <IdentityPanel userId={userId} />}
              {tab === 'protection' && <ProtectionPanel userId={userId} />}
              {tab === 'notes' && <NotesTab userId={userId} />}
              {tab === 'inquiries' && <InquiriesTab userId={userId} />}
              {tab === 'casino' && <CasinoTab account={d.user.account} />}
              {tab === 'bets' && <BetsTab userId={userId} />}
              {tab === 'connections' && <ConnectionsTab userId={userId} />}
              {tab === 'updates' && <UpdatesTab userId={userId} />}
              {tab === 'codes' && <CodesTab userId={userId} agent={d.user.role !== 'user'} />}
              {tab === 'attendance' && <AttendanceTab userId={userId} />}
              {tab === 'environment' && <EnvironmentTab detail={d} />}
            </div>
          </>
        )}
      </QueryState>
      {dialogs}
    </BackofficePage>
  );
}
