import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MEMBER_STATUSES, type MemberStatus } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDate, formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { AdjustDialog, RestrictionsDialog } from './member-dialogs.tsx';
import { MEMBERS_KEY, useMemberList, useSetMemberStatus, type MemberRow } from './queries.ts';
import { Badge } from './shared.tsx';

type StatusAction = 'approve' | 'refuse' | 'suspend' | 'block' | 'restore';

/** Where each row action moves the member (spec §4: a refused application is withdrawn). */
const ACTION_STATUS: Record<StatusAction, MemberStatus> = {
  approve: 'normal_a',
  refuse: 'withdrawn',
  suspend: 'suspended',
  block: 'blocked',
  restore: 'normal_a',
};

function actionsFor(status: string): StatusAction[] {
  if (status === 'pending') return ['approve', 'refuse'];
  if (status === 'deleted') return [];
  const out: StatusAction[] = [];
  if (status !== 'suspended') out.push('suspend');
  if (status !== 'blocked') out.push('block');
  if (status === 'suspended' || status === 'blocked' || status === 'withdrawn') out.push('restore');
  return out;
}

const STATUS_TONE: Record<string, string> = {
  normal_a: 'ok',
  normal_b: 'ok',
  pending: 'warn',
  suspended: 'warn',
  blocked: 'danger',
  withdrawn: 'muted',
  deleted: 'muted',
  test: 'info',
};

/** Member list (spec §2) and, with `pendingOnly`, the membership application queue with bulk actions. */
/** "2026-11-23 20:07:12" as two unbreakable parts, so a narrow column breaks only between them. */
function DateTime({ value }: { value: string }) {
  const [day, time] = value.split(' ');
  return (
    <>
      <span>{day}</span> <span>{time}</span>
    </>
  );
}

export function MembersPage({ pendingOnly = false }: { pendingOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const setMemberStatus = useSetMemberStatus();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MemberStatus | ''>(pendingOnly ? 'pending' : '');
  const [role, setRole] = useState<'user' | 'agent' | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [adjusting, setAdjusting] = useState<MemberRow | null>(null);
  const [restricting, setRestricting] = useState<MemberRow | null>(null);

  const filters = { status: status || undefined, role: role || undefined, search: search || undefined, skip: skipOf(page) };
  const query = useMemberList(filters);
  const rows = query.data?.rows ?? [];
  // A new page starts with nothing selected.
  const changePage = (p: number) => {
    setPage(p);
    setSelected(new Set());
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
    setSelected(new Set());
  }

  async function runAction(row: MemberRow, action: StatusAction) {
    if (busy) return;
    if (!(await showConfirm(t(`adminOps.members.confirm.${action}`, { account: row.account })))) return;
    setBusy(true);
    const answer = await setMemberStatus.mutateAsync({ user_id: row.id, status: ACTION_STATUS[action] });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    await refresh();
    await showAlert(t(`adminOps.members.success.${action}`));
  }

  async function runBulk(action: 'approve' | 'refuse') {
    if (busy) return;
    const ids = rows.filter((r) => selected.has(r.id));
    if (ids.length === 0) return showAlert(t('adminOps.members.bulk.selectionRequired'));
    const key = action === 'approve' ? 'confirmApprove' : 'confirmRefuse';
    if (!(await showConfirm(t(`adminOps.members.bulk.${key}`, { count: ids.length })))) return;
    setBusy(true);
    let ok = 0;
    let failed = 0;
    for (const row of ids) {
      const answer = await setMemberStatus.mutateAsync({ user_id: row.id, status: ACTION_STATUS[action] });
      if (answer.result) ok += 1;
      else failed += 1;
    }
    setBusy(false);
    setSelected(new Set());
    await refresh();
    await showAlert(failed ? t('adminOps.members.bulk.result', { ok, failed }) : t(`adminOps.members.success.${action}`));
  }

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)));
  }
  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  const roleName = (r: string) => (i18n.exists(`adminOps.members.roles.${r}`) ? t(`adminOps.members.roles.${r as 'user'}`) : r);
  const statusName = (s: string) => ((MEMBER_STATUSES as readonly string[]).includes(s) ? t(`adminOps.members.statuses.${s as MemberStatus}`) : s);

  return (
    <BackofficePage
      title={pendingOnly ? t('adminOps.members.pendingTitle') : t('adminOps.members.title')}
      testId={pendingOnly ? 'admin-members-pending' : 'admin-members'}
      className="ad-ops-dense"
      filters={
        <Filters onSubmit={submitSearch}>
          <input
            className="ui-input ad-search"
            data-testid="admin-member-search"
            aria-label={t('adminOps.common.search')}
            placeholder={t('adminOps.members.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          {!pendingOnly && (
            <select
              className="ui-input ad-select"
              data-testid="admin-member-status-filter"
              aria-label={t('adminOps.members.status')}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as MemberStatus | '');
                setPage(1);
              }}
            >
              <option value="">{`${t('adminOps.members.status')}: ${t('adminOps.common.all')}`}</option>
              {MEMBER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`adminOps.members.statuses.${s}`)}
                </option>
              ))}
            </select>
          )}
          <select
            className="ui-input ad-select"
            data-testid="admin-member-role-filter"
            aria-label={t('adminOps.members.role')}
            value={role}
            onChange={(e) => {
              setRole(e.target.value as 'user' | 'agent' | '');
              setPage(1);
            }}
          >
            <option value="">{`${t('adminOps.members.role')}: ${t('adminOps.common.all')}`}</option>
            <option value="user">{t('adminOps.members.roleFilter.user')}</option>
            <option value="agent">{t('adminOps.members.roleFilter.agent')}</option>
          </select>
          <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-member-search-submit">
            {t('adminOps.common.search')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </Filters>
      }
    >
      {pendingOnly && (
        <div className="ad-bulk-bar">
          <span data-testid="admin-bulk-count">{t('adminOps.members.bulk.selected', { count: selected.size })}</span>
          <button type="button" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-bulk-approve" disabled={busy} onClick={() => runBulk('approve')}>
            {t('adminOps.members.bulk.approve')}
          </button>
          <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" data-testid="admin-bulk-refuse" disabled={busy} onClick={() => runBulk('refuse')}>
            {t('adminOps.members.bulk.refuse')}
          </button>
        </div>
      )}

      <ListFrame
        emptyText={t(pendingOnly ? 'admin.empty.applications' : 'admin.empty.members')}
        query={query}
        paging={{ page, onPage: changePage }}
        className="ad-sticky-actions"
        rows={(d) => d.rows}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ 'data-testid': 'admin-member-row', 'data-account': m.account })}
        columns={[
          pendingOnly && {
            id: 'select',
            header: (
              <input
                type="checkbox"
                data-testid="admin-member-select-all"
                aria-label={t('adminOps.common.selectAll')}
                checked={allSelected}
                onChange={toggleAll}
              />
            ),
            cell: (m: MemberRow) => (
              <input
                type="checkbox"
                data-testid="admin-member-select"
                aria-label={`${t('adminOps.common.select')} ${m.account}`}
                checked={selected.has(m.id)}
                onChange={() => toggle(m.id)}
              />
            ),
          },
          { id: 'id', header: 'ID', cell: (m) => m.id, className: 'num' },
          {
            id: 'account',
            header: t('adminOps.members.cols.account'),
            cell: (m) => <Link to={`/admin/members/${m.id}`}>{m.account}</Link>,
            className: 'strong',
          },
          { id: 'nickname', header: t('adminOps.members.cols.nickname'), cell: (m) => m.nickname },
          { id: 'name', header: t('adminOps.members.cols.name'), cell: (m) => m.name ?? '-' },
          { id: 'role', header: t('adminOps.members.cols.role'), cell: (m) => roleName(m.role) },
          { id: 'level', header: t('adminOps.members.cols.level'), cell: (m) => m.level, className: 'num' },
          {
            id: 'status',
            header: t('adminOps.members.cols.status'),
            cell: (m) => (
              <Badge tone={STATUS_TONE[m.status] ?? 'muted'} testId="admin-member-status">
                {statusName(m.status)}
              </Badge>
            ),
          },
          { id: 'parent', header: t('adminOps.members.cols.parent'), cell: (m) => m.parent_account ?? '-' },
          { id: 'money', header: t('adminOps.members.cols.money'), headClassName: 'num', className: 'num', cell: (m) => formatMoney(m.money, i18n.language) },
          { id: 'point', header: t('adminOps.members.cols.point'), headClassName: 'num', className: 'num', cell: (m) => formatPoints(m.point, i18n.language) },
          {
            id: 'joined',
            header: t('adminOps.members.cols.joinedAt'),
            className: 'mono',
            cell: (m) => <span title={formatDateTime(m.created_at)}>{formatDate(m.created_at)}</span>,
          },
          {
            id: 'lastLogin',
            header: t('adminOps.members.cols.lastLogin'),
            className: 'mono ad-datetime',
            cell: (m) => (m.last_login_at ? <DateTime value={formatDateTime(m.last_login_at)} /> : '-'),
          },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (m) => (
              <div className="ad-row-actions">
                {actionsFor(m.status).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={
                      action === 'approve' || action === 'restore'
                        ? 'ui-btn ui-btn-primary ad-btn-xs'
                        : action === 'suspend'
                          ? 'ui-btn ad-btn-xs'
                          : 'ui-btn ui-btn-danger ad-btn-xs'
                    }
                    data-testid={`admin-member-${action}`}
                    disabled={busy}
                    onClick={() => runAction(m, action)}
                  >
                    {t(`adminOps.members.actions.${action}`)}
                  </button>
                ))}
                {!pendingOnly && (
                  <>
                    <button type="button" className="ui-btn ad-btn-xs" data-testid="admin-member-adjust" onClick={() => setAdjusting(m)}>
                      {t('adminOps.members.actions.adjust')}
                    </button>
                    <button type="button" className="ui-btn ad-btn-xs" data-testid="admin-member-restrict" onClick={() => setRestricting(m)}>
                      {t('adminOps.members.actions.restrictions')}
                    </button>
                  </>
                )}
              </div>
            ),
          },
        ]}
      />
      {adjusting && <AdjustDialog member={adjusting} onClose={() => setAdjusting(null)} onDone={refresh} />}
      {restricting && <RestrictionsDialog member={restricting} onClose={() => setRestricting(null)} onDone={refresh} />}
    </BackofficePage>
  );
}
