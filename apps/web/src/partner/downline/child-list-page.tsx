import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownlineRow } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { showConfirm } from '../../ui/dialog.tsx';
import { showToast } from '../toast.tsx';
import { downlineColumns } from './columns.tsx';
import { DownlineFilters, listBody, type DownlineFilter } from './downline-filters.tsx';
import { useApproveAgent, useChildAgents, useStopAgent } from './queries.ts';

/**
 * /pa-child-user-list: the agent's direct lower agents. A pending or stopped one can be approved,
 * an approved one stopped (decision 028), each after a confirmation (spec §4, §8).
 */
export function PartnerChildListPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<DownlineFilter>({ search: '', status: '' });
  const [page, setPage] = useState(1);
  const q = useChildAgents(listBody(filter, page));
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
    <BackofficePage
      title={t('partner.menu.pa-child-user-list')}
      testId="pa-child-user-list"
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
              </span>
            ),
          },
        ]}
      />
    </BackofficePage>
  );
}
