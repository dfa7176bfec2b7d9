import { useTranslation } from 'react-i18next';
import type { DownlineRow } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showConfirm } from '../../ui/dialog.tsx';
import { showToast } from '../toast.tsx';
import { DownlineList } from './downline-list.tsx';
import { useApproveAgent, useStopAgent } from './queries.ts';

/**
 * /pa-child-user-list: the agent's direct lower agents. A pending or stopped one can be approved,
 * an approved one stopped (decision 028), each after a confirmation (spec §4, §8).
 */
export function PartnerChildListPage() {
  const { t } = useTranslation();
  const approve = useApproveAgent();
  const stop = useStopAgent();
  const busy = approve.isPending || stop.isPending;

  async function act(kind: 'approve' | 'stop', row: DownlineRow) {
    if (!(await showConfirm(t(`partnerDownline.confirm.${kind}`, { account: row.account })))) return;
    const answer = await (kind === 'approve' ? approve : stop).mutateAsync({ user_id: row.id });
    if (!answer.result) return showToast(errorText(answer.error), 'top');
    showToast(t(`partnerDownline.done.${kind}`));
  }

  return (
    <DownlineList
      screen="pa-child-user-list"
      actions={(r) => (
        <>
          {(r.status === 'pending' || r.status === 'suspended') && (
            <button type="button" className="ui-btn ui-btn-primary" data-testid="pa-approve" disabled={busy} onClick={() => void act('approve', r)}>
              {t('partnerDownline.actions.approve')}
            </button>
          )}
          {(r.status === 'normal_a' || r.status === 'normal_b') && (
            <button type="button" className="ui-btn ui-btn-danger" data-testid="pa-stop" disabled={busy} onClick={() => void act('stop', r)}>
              {t('partnerDownline.actions.stop')}
            </button>
          )}
        </>
      )}
    />
  );
}
