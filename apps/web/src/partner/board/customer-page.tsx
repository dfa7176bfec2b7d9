import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ComposeModal } from '../../ui/rich-text/compose-modal.tsx';
import { showToast } from '../toast.tsx';
import { InquiryViewer } from './inquiry-viewer.tsx';
import { useAgentInquiries, useCreateInquiry, useDeleteInquiry } from './queries.ts';

type Inquiry = CallData<'/api/agent/inquiry/get'>['inquiries'][number];
const PER_PAGE = 5;

/**
 * /pa-customer: the agent's inquiries to customer service (5 per page, spec §9), opened in the
 * viewer (an unread answer is marked read there), written with the site's rich-text editor.
 */
export function PartnerCustomerPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Inquiry | null>(null);
  const [writing, setWriting] = useState(false);
  const query = useAgentInquiries((page - 1) * PER_PAGE);
  const create = useCreateInquiry();
  const remove = useDeleteInquiry();

  async function deleteAll() {
    if (!(await showConfirm(t('partnerBoard.customer.confirmDeleteAll')))) return;
    const answer = await remove.mutateAsync({ inquiry_id: null });
    if (!answer.result) return showAlert(errorText(answer.error));
    setPage(1);
    showToast(t('partnerBoard.deleted'));
  }

  return (
    <BackofficePage
      title={t('partner.menu.pa-customer')}
      testId="pa-customer"
      filters={
        <Filters>
          <button type="button" className="ui-btn ui-btn-primary pa-btn-sm" data-testid="pa-inquiry-new" onClick={() => setWriting(true)}>
            {t('partnerBoard.customer.create')}
          </button>
          <button type="button" className="ui-btn pa-btn-sm" data-testid="pa-inquiry-delete-all" disabled={!query.data?.total} onClick={() => void deleteAll()}>
            {t('partnerBoard.customer.deleteAll')}
          </button>
        </Filters>
      }
    >
      <ListFrame
        query={query}
        errorText={t('partnerBoard.loadFailed')}
        paging={{ page, onPage: setPage, perPage: PER_PAGE }}
        rows={(d) => d.inquiries}
        rowKey={(q) => q.id}
        rowProps={(q) => ({ 'data-testid': 'pa-inquiry-row', 'data-id': q.id, 'data-status': q.status })}
        emptyText={t('partnerBoard.customer.empty')}
        columns={[
          { id: 'no', header: t('partnerBoard.cols.no'), cell: (q) => q.id, className: 'num' },
          {
            id: 'subject',
            header: t('partnerBoard.cols.subject'),
            className: 'pa-cell-wide',
            cell: (q) => (
              <button type="button" className="pa-link" data-testid="pa-inquiry-open" onClick={() => setOpen(q)}>
                {q.subject}
              </button>
            ),
          },
          {
            id: 'status',
            header: t('partnerBoard.cols.status'),
            cell: (q) => (
              <span className={q.status === 'answered' ? 'pa-state is-done' : 'pa-state'}>
                {t(`partnerBoard.customer.statuses.${q.status}`)}
                {q.status === 'answered' && !q.readed_at && <span className="pa-new-tag">{t('partnerBoard.customer.newAnswer')}</span>}
              </span>
            ),
          },
          { id: 'date', header: t('partnerBoard.cols.date'), cell: (q) => formatDateTime(q.created_at), className: 'mono pa-nowrap' },
          {
            id: 'answered',
            header: t('partnerBoard.cols.answeredAt'),
            cell: (q) => (q.answered_at ? formatDateTime(q.answered_at) : '-'),
            className: 'mono pa-nowrap',
          },
        ]}
      />
      {open && <InquiryViewer inquiry={open} onClose={() => setOpen(null)} />}
      {writing && (
        <ComposeModal
          testId="pa-inquiry"
          title={t('partnerBoard.customer.createTitle')}
          subjectPlaceholder={t('partnerBoard.customer.subjectPlaceholder')}
          contentPlaceholder={t('partnerBoard.customer.contentPlaceholder')}
          submitLabel={t('partnerBoard.customer.submit')}
          requiredMessage={t('errors.inquiry_required')}
          send={(body) => create.mutateAsync(body)}
          onSent={async () => {
            setWriting(false);
            setPage(1);
            await showAlert(t('partnerBoard.customer.created'));
          }}
          onClose={() => setWriting(false)}
        />
      )}
    </BackofficePage>
  );
}
