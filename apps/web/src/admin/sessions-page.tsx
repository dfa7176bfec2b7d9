import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCES, type Audience } from '@wager/contracts';
import { errorText } from '../i18n/error-text.ts';
import { showAlert, showConfirm } from '../ui/dialog.tsx';
import { ListFrame } from '../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../ui/backoffice/page.tsx';
import { skipOf } from '../ui/backoffice/paging.ts';
import { formatDateTime } from '../lib/date.ts';
import { useForceLogout, useSessionList } from './queries.ts';

/** Logged-in sessions of every audience, with forced logout (spec §6 admin powers). */
export function SessionsPage() {
  const { t } = useTranslation();
  const forceLogoutCall = useForceLogout();
  const [audience, setAudience] = useState<Audience | ''>('');
  const [page, setPage] = useState(1);
  const query = useSessionList(audience);

  async function forceLogout(id: number, account: string) {
    if (!(await showConfirm(t('admin.sessions.forceConfirm', { account })))) return;
    const answer = await forceLogoutCall.mutateAsync({ session_id: id });
    if (!answer.result) return showAlert(errorText(answer.error));
  }

  return (
    <BackofficePage
      title={t('admin.sessions.title')}
      testId="admin-sessions"
      filters={
        <Filters>
          <select
            className="ui-input ad-select"
            aria-label={t('admin.sessions.audience')}
            value={audience}
            onChange={(e) => {
              setAudience(e.target.value as Audience | '');
              setPage(1);
            }}
          >
            <option value="">{t('admin.sessions.all')}</option>
            {AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {t(`admin.sessions.audiences.${a}`)}
              </option>
            ))}
          </select>
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </Filters>
      }
    >
      {/* The server answers every session at once; the screen pages them itself. */}
      <ListFrame
        emptyText={t('admin.empty.lookup')}
        query={query}
        paging={{ page, onPage: setPage, total: (d) => d.sessions.length, count: false }}
        rows={(d) => d.sessions.slice(skipOf(page), skipOf(page + 1))}
        rowKey={(s) => s.id}
        rowProps={() => ({ 'data-testid': 'admin-session-row' })}
        columns={[
          { id: 'id', header: 'ID', cell: (s) => s.id, className: 'num' },
          {
            id: 'audience',
            header: t('admin.sessions.audience'),
            cell: (s) => (AUDIENCES.includes(s.audience as Audience) ? t(`admin.sessions.audiences.${s.audience as Audience}`) : s.audience),
          },
          { id: 'account', header: t('admin.sessions.account'), cell: (s) => s.account },
          { id: 'device', header: t('admin.sessions.device'), cell: (s) => s.device ?? '-' },
          { id: 'ip', header: t('admin.sessions.ip'), cell: (s) => s.ip ?? '-', className: 'mono' },
          { id: 'country', header: t('admin.sessions.country'), cell: (s) => s.country ?? '-' },
          { id: 'domain', header: t('admin.sessions.domain'), cell: (s) => s.domain ?? '-' },
          { id: 'created', header: t('admin.sessions.createdAt'), cell: (s) => formatDateTime(s.created_at), className: 'mono' },
          { id: 'seen', header: t('admin.sessions.lastSeenAt'), cell: (s) => formatDateTime(s.last_seen_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (s) => (
              <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" data-testid="admin-force-logout" onClick={() => forceLogout(s.id, s.account)}>
                {t('admin.sessions.forceLogout')}
              </button>
            ),
          },
        ]}
      />
    </BackofficePage>
  );
}
