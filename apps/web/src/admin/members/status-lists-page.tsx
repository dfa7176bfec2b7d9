import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberStatus } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { useSetStatus, useStatusList } from './queries.ts';

export type ListStatus = 'withdrawn' | 'suspended' | 'blocked';

/**
 * Withdrawn, suspended and blocked members (spec §2, §4): restore to normal, and for withdrawn
 * members permanent delete (the server refuses it while the account holds value, and anonymises
 * the row it keeps for the ledger). Each action confirmed.
 */
export function StatusListPage({ status }: { status: ListStatus }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useStatusList({ status, search: search || undefined, skip: skipOf(page) });
  const setStatus = useSetStatus();

  async function move(id: number, account: string, to: MemberStatus) {
    const text = to === 'deleted' ? t('adminMembers.detail.confirmDelete', { account }) : t('adminMembers.lists.restoreConfirm', { account });
    if (!(await showConfirm(text))) return;
    const answer = await setStatus.mutateAsync({ user_id: id, status: to });
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    await showAlert(t('adminMembers.detail.statusDone', { status: t(`adminOps.members.statuses.${to}`) }));
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  return (
    <BackofficePage
      title={t(`adminMembers.lists.${status}`)}
      testId={`admin-status-list-${status}`}
      filters={
        <Filters onSubmit={submit}>
          <input className="ui-input" placeholder={t('adminMembers.lists.search')} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="ui-btn">
            {t('adminMembers.lists.searchButton')}
          </button>
        </Filters>
      }
    >
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        testId="status-list"
        emptyText={t('admin.empty.statusHistory')}
        paging={{ page, onPage: setPage }}
        rowProps={(r) => ({ 'data-account': r.account })}
        columns={[
          { id: 'account', header: t('adminMembers.lists.cols.account'), cell: (r) => <Link to={`/admin/members/${r.id}`}>{r.account}</Link> },
          { id: 'nickname', header: t('adminMembers.lists.cols.nickname'), cell: (r) => r.nickname },
          { id: 'role', header: t('adminMembers.lists.cols.role'), cell: (r) => t(`adminOps.members.roles.${r.role}` as never, { defaultValue: r.role }) },
          { id: 'parent', header: t('adminMembers.lists.cols.parent'), cell: (r) => r.parent_account ?? '-' },
          { id: 'money', header: t('adminMembers.lists.cols.money'), className: 'num', cell: (r) => formatMoney(r.money, i18n.language) },
          { id: 'point', header: t('adminMembers.lists.cols.point'), className: 'num', cell: (r) => formatPoints(r.point, i18n.language) },
          { id: 'at', header: t('adminMembers.lists.cols.at'), cell: (r) => formatDateTime(r.created_at) },
          {
            id: 'actions',
            header: t('adminMembers.lists.cols.actions'),
            cell: (r) => (
              <span className="am-actions">
                <button type="button" className="ui-btn" data-testid="status-list-restore" onClick={() => void move(r.id, r.account, 'normal_a')}>
                  {t('adminMembers.lists.restore')}
                </button>
                {status === 'withdrawn' && r.role === 'user' && (
                  <button type="button" className="ui-btn ui-btn-danger" data-testid="status-list-delete" onClick={() => void move(r.id, r.account, 'deleted')}>
                    {t('adminMembers.lists.delete')}
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
