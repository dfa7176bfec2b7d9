import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { roleLabel } from '../role-label.ts';
import { useSubtreeSessions } from './queries.ts';

/**
 * /pa-accessor (who of the subtree is signed in now) and /pa-user-connection (every login of the
 * subtree: time, IP, device), one session a row, newest login first, searched by account or nickname.
 * The site domain of each session is in the answer but not shown: the eight columns must fit 1024 px.
 */
export function PartnerSessionsPage({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const screen = online ? 'pa-accessor' : 'pa-user-connection';
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useSubtreeSessions({ online, search: search || undefined, skip: skipOf(page) });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  return (
    <BackofficePage
      title={t(`partner.menu.${screen}`)}
      testId={screen}
      filters={
        <Filters onSubmit={submit}>
          <input
            className="ui-input"
            data-testid="pa-sessions-search"
            placeholder={t('partnerDownline.searchPlaceholder')}
            aria-label={t('partnerDownline.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="ui-btn ui-btn-primary">
            {t('partnerDownline.search')}
          </button>
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('partnerDownline.loadFailed')}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account })}
        emptyText={t(online ? 'partnerDownline.sessions.emptyOnline' : 'partnerDownline.sessions.empty')}
        columns={[
          { id: 'account', header: t('partnerDownline.col.account'), cell: (r) => r.account, className: 'strong' },
          { id: 'nickname', header: t('partnerDownline.col.nickname'), cell: (r) => r.nickname },
          { id: 'role', header: t('partnerDownline.col.role'), cell: (r) => roleLabel(t, r.role) },
          { id: 'ip', header: t('partnerDownline.sessions.ip'), cell: (r) => r.ip ?? '-', className: 'mono' },
          { id: 'device', header: t('partnerDownline.sessions.device'), cell: (r) => r.device ?? '-' },
          { id: 'login', header: t('partnerDownline.sessions.login'), cell: (r) => formatDateTime(r.created_at) },
          { id: 'seen', header: t('partnerDownline.sessions.lastSeen'), cell: (r) => formatDateTime(r.last_seen_at) },
          {
            id: 'state',
            header: t('partnerDownline.col.status'),
            cell: (r) => (r.online ? t('partnerDownline.sessions.online') : t('partnerDownline.sessions.ended')),
            className: (r) => (r.online ? 'pa-online' : undefined),
          },
        ]}
      />
    </BackofficePage>
  );
}
