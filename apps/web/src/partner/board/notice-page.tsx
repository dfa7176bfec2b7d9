import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { ContentViewer } from './content-viewer.tsx';
import { useAgentNotice, useAgentNotices } from './queries.ts';

/** /pa-notice: the operator's notices, 20 per page, each opened in the contents viewer. */
export function PartnerNoticePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = useAgentNotices(skipOf(page));
  return (
    <BackofficePage title={t('partner.menu.pa-notice')} testId="pa-notice">
      <ListFrame
        query={query}
        errorText={t('partnerBoard.loadFailed')}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.notices}
        rowKey={(n) => n.id}
        rowProps={(n) => ({ 'data-testid': 'pa-notice-row', 'data-id': n.id })}
        emptyText={t('partnerBoard.notice.empty')}
        columns={[
          { id: 'no', header: t('partnerBoard.cols.no'), cell: (n) => n.id, className: 'num' },
          {
            id: 'subject',
            header: t('partnerBoard.cols.subject'),
            className: 'pa-cell-wide',
            cell: (n) => (
              <button type="button" className="pa-link" data-testid="pa-notice-open" onClick={() => setOpen(n.id)}>
                {n.subject}
              </button>
            ),
          },
          { id: 'author', header: t('partnerBoard.cols.author'), cell: (n) => n.author },
          { id: 'date', header: t('partnerBoard.cols.date'), cell: (n) => formatDateTime(n.created_at), className: 'mono pa-nowrap' },
        ]}
      />
      {open !== null && <NoticeViewer id={open} onClose={() => setOpen(null)} />}
    </BackofficePage>
  );
}

function NoticeViewer({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useAgentNotice(id);
  return (
    <QueryState query={query}>
      {({ post }) => (
        <ContentViewer title={post.subject} author={post.author} at={post.created_at} html={post.content} testId="pa-notice-view" onClose={onClose} />
      )}
    </QueryState>
  );
}
