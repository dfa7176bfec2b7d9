import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CallData } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { sanitizeForDisplay } from '../../lib/rich-html.ts';
import { Modal } from '../../ui/modal.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { useSendList } from './queries.ts';

type Send = CallData<'/api/admin/message/sendList'>['sends'][number];

/** Note box (spec §2): every note the operators sent, to whom (one member, a level, all members, agents), and how many read it. */
export function NotesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Send | null>(null);
  const query = useSendList(skipOf(page));

  const targetText = (s: Send) => {
    const kind = t(`adminOps.send.targets.${s.target}`);
    if (s.target === 'level') return `${kind} · ${t('adminOps.send.levelN', { level: s.target_level ?? 0 })}`;
    return s.target_account ? `${kind} · ${s.target_account}` : kind;
  };

  return (
    <BackofficePage
      title={t('adminContent.notes.title')}
      testId="adc-notes"
      filters={
        <Link className="ui-btn ui-btn-primary ad-btn-sm" to="/admin/messages/send" data-testid="adc-note-new">
          {t('adminContent.notes.compose')}
        </Link>
      }
    >
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.sends}
        rowKey={(s) => s.id}
        rowProps={(s) => ({ 'data-testid': 'adc-note-row', 'data-id': s.id })}
        emptyText={t('adminContent.notes.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (s) => s.id, className: 'num' },
          { id: 'target', header: t('adminContent.notes.target'), cell: targetText, className: 'strong' },
          {
            id: 'subject',
            header: t('adminContent.common.subject'),
            className: 'ad-cell-wide',
            cell: (s) => (
              <button type="button" className="ad-link" onClick={() => setOpen(s)}>
                {s.subject}
              </button>
            ),
          },
          { id: 'sent', header: t('adminContent.notes.sent'), cell: (s) => s.sent.toLocaleString(), className: 'num' },
          { id: 'read', header: t('adminContent.notes.read'), cell: (s) => s.read.toLocaleString(), className: 'num' },
          { id: 'admin', header: t('adminContent.notes.admin'), cell: (s) => s.admin ?? '-' },
          { id: 'created', header: t('adminContent.common.createdAt'), cell: (s) => formatDateTime(s.created_at), className: 'mono' },
        ]}
      />
      {open && (
        <Modal title={open.subject} onClose={() => setOpen(null)} testId="adc-note-view" wide>
          <p className="ad-muted">
            {targetText(open)} · {formatDateTime(open.created_at)}
          </p>
          <div className="ad-html" dangerouslySetInnerHTML={{ __html: sanitizeForDisplay(open.content) }} />
        </Modal>
      )}
    </BackofficePage>
  );
}
