import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCES, type Audience } from '@wager/contracts';
import { ApiFailure } from '../api/client.ts';
import { errorText } from '../i18n/error-text.ts';
import { showAlert, showConfirm } from '../ui/dialog.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { EmptyRow, Loading } from '../ui/states.tsx';
import { formatDateTime } from '../lib/date.ts';
import { useForceLogout, useSessionList } from './queries.ts';

const PER_PAGE = 20;

/** Logged-in sessions of every audience, with forced logout (spec §6 admin powers). */
export function SessionsPage() {
  const { t } = useTranslation();
  const forceLogoutCall = useForceLogout();
  const [audience, setAudience] = useState<Audience | ''>('');
  const [page, setPage] = useState(1);
  const query = useSessionList(audience);
  const sessions = query.data?.sessions ?? [];
  const rows = sessions.slice((page - 1) * PER_PAGE, page * PER_PAGE);

  async function forceLogout(id: number, account: string) {
    if (!(await showConfirm(t('admin.sessions.forceConfirm', { account })))) return;
    const answer = await forceLogoutCall.mutateAsync({ session_id: id });
    if (!answer.result) return showAlert(errorText(answer.error));
  }

  return (
    <section className="ad-page" data-testid="admin-sessions">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('admin.sessions.title')}</h1>
        <div className="ad-filters">
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
        </div>
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <p className="ad-error">{errorText(query.error instanceof ApiFailure ? query.error : { code: 'internal', message: '' })}</p>
      ) : (
        <>
          <div className="ad-table-wrap">
            <table className="ad-table">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>{t('admin.sessions.audience')}</th>
                  <th>{t('admin.sessions.account')}</th>
                  <th>{t('admin.sessions.device')}</th>
                  <th>{t('admin.sessions.ip')}</th>
                  <th>{t('admin.sessions.country')}</th>
                  <th>{t('admin.sessions.domain')}</th>
                  <th>{t('admin.sessions.createdAt')}</th>
                  <th>{t('admin.sessions.lastSeenAt')}</th>
                  <th>{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && <EmptyRow colSpan={10} />}
                {rows.map((s) => (
                  <tr key={s.id} data-testid="admin-session-row">
                    <td className="num">{s.id}</td>
                    <td>{AUDIENCES.includes(s.audience as Audience) ? t(`admin.sessions.audiences.${s.audience as Audience}`) : s.audience}</td>
                    <td>{s.account}</td>
                    <td>{s.device ?? '-'}</td>
                    <td className="mono">{s.ip ?? '-'}</td>
                    <td>{s.country ?? '-'}</td>
                    <td>{s.domain ?? '-'}</td>
                    <td className="mono">{formatDateTime(s.created_at)}</td>
                    <td className="mono">{formatDateTime(s.last_seen_at)}</td>
                    <td>
                      <button
                        type="button"
                        className="ui-btn ui-btn-danger ad-btn-sm"
                        data-testid="admin-force-logout"
                        onClick={() => forceLogout(s.id, s.account)}
                      >
                        {t('admin.sessions.forceLogout')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} total={sessions.length} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </section>
  );
}
