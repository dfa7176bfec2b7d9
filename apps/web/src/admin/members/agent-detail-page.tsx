import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { DetailHead, useHeadDialogs } from './detail-page.tsx';
import { useMemberDetail, useResetAgentTwoFactor, useSetLosing, useSetPartnerAccess, useSetRestrictions, type AdminDetail } from './queries.ts';
import { RatesForm } from './rates-form.tsx';

const ACCESS = [1, 0, -2] as const;

/** The agent's switches: losing settlement, partner-page access and the lower creation block, each confirmed and audited. */
function AgentSwitches({ detail }: { detail: AdminDetail }) {
  const { t } = useTranslation();
  const setLosing = useSetLosing();
  const setAccess = useSetPartnerAccess();
  const setRestrictions = useSetRestrictions();
  const resetTwoFactor = useResetAgentTwoFactor();
  const account = detail.user.account;
  const lowerBlocked = detail.restrictions.includes('lower_creation');

  async function run(confirmText: string, act: () => Promise<{ result: boolean; error?: unknown }>, doneText?: string) {
    if (!(await showConfirm(confirmText))) return;
    const answer = await act();
    if (!answer.result) return showAlert(errorText(answer.error as never), t('adminOps.common.failed'));
    await showAlert(doneText ?? t('adminMembers.agent.saved'));
  }

  return (
    <dl className="am-facts am-switches" data-testid="agent-switches">
      <div>
        <dt>{t('adminMembers.agent.losing')}</dt>
        <dd>
          <button
            type="button"
            className={detail.is_open_losing ? 'ui-btn ui-btn-primary' : 'ui-btn'}
            data-testid="agent-losing"
            onClick={() => {
              const open = !detail.is_open_losing;
              const value = open ? t('adminMembers.agent.losingOn') : t('adminMembers.agent.losingOff');
              void run(t('adminMembers.agent.losingConfirm', { account, value }), () => setLosing.mutateAsync({ user_id: detail.user.id, open }));
            }}
          >
            {detail.is_open_losing ? t('adminMembers.agent.losingOn') : t('adminMembers.agent.losingOff')}
          </button>
        </dd>
      </div>
      <div>
        <dt>{t('adminMembers.agent.partnerAccess')}</dt>
        <dd>
          <select
            className="ui-input ad-select"
            data-testid="agent-access"
            value={detail.visibled_partner}
            onChange={(e) => {
              const v = Number(e.target.value) as (typeof ACCESS)[number];
              void run(t('adminMembers.agent.accessConfirm', { account, value: t(`adminMembers.agent.access.${v}`) }), () =>
                setAccess.mutateAsync({ user_id: detail.user.id, visibled_partner: v }),
              );
            }}
          >
            {ACCESS.map((v) => (
              <option key={v} value={v}>
                {t(`adminMembers.agent.access.${v}`)}
              </option>
            ))}
          </select>
        </dd>
      </div>
      <div>
        <dt>{t('adminMembers.agent.lowerCreation')}</dt>
        <dd>
          <button
            type="button"
            className={lowerBlocked ? 'ui-btn ui-btn-danger' : 'ui-btn'}
            data-testid="agent-lower"
            onClick={() => {
              const value = lowerBlocked ? t('adminMembers.agent.lowerAllowed') : t('adminMembers.agent.lowerBlocked');
              void run(t('adminMembers.agent.lowerConfirm', { account, value }), () =>
                setRestrictions.mutateAsync({ user_id: detail.user.id, restrictions: { lower_creation: !lowerBlocked } }),
              );
            }}
          >
            {lowerBlocked ? t('adminMembers.agent.lowerBlocked') : t('adminMembers.agent.lowerAllowed')}
          </button>
        </dd>
      </div>
      <div>
        <dt>{t('twoFactor.column')}</dt>
        <dd>
          {/* Decision 050: a lost phone; the agent's sessions end (409 when nothing is set up). */}
          <button
            type="button"
            className="ui-btn ui-btn-danger"
            data-testid="agent-2fa-reset"
            onClick={() =>
              void run(t('twoFactor.resetConfirm', { account }), () => resetTwoFactor.mutateAsync({ user_id: detail.user.id }), t('twoFactor.resetDone'))
            }
          >
            {t('twoFactor.reset')}
          </button>
        </dd>
      </div>
    </dl>
  );
}

/** Spec §2 agent detail: downline counts, money, role, rates and the agent's switches; the move is on the tree screen. */
export function AgentDetailPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().id);
  const query = useMemberDetail(userId);
  const { dialogs, onAdjust, onRestrict } = useHeadDialogs(query.data, () => query.refetch());
  return (
    <BackofficePage
      title={t('adminMembers.detail.agentTitle', { account: query.data?.user.account ?? '' })}
      testId="admin-agent-detail"
      filters={
        <>
          <Link className="ui-btn" to={`/admin/members/${userId}`}>
            {t('adminMembers.detail.openMember')}
          </Link>
          <Link className="ui-btn" to="/admin/tree" data-testid="agent-tree-link">
            {t('adminMembers.agent.tree')}
          </Link>
        </>
      }
    >
      <QueryState query={query} errorText={t('adminMembers.detail.notFound')}>
        {(d) => (
          <>
            <DetailHead detail={d} onAdjust={onAdjust} onRestrict={onRestrict} />
            <dl className="am-facts" data-testid="agent-downline">
              <div>
                <dt>{t('adminMembers.agent.direct')}</dt>
                <dd className="num">{d.downline.direct}</dd>
              </div>
              <div>
                <dt>{t('adminMembers.agent.all')}</dt>
                <dd className="num">{d.downline.all}</dd>
              </div>
              <div>
                <dt>{t('adminMembers.agent.members')}</dt>
                <dd className="num">{d.downline.members}</dd>
              </div>
            </dl>
            {d.user.role !== 'user' && <AgentSwitches detail={d} />}
            <RatesForm key={d.user.rate_sum} detail={d} />
          </>
        )}
      </QueryState>
      {dialogs}
    </BackofficePage>
  );
}
