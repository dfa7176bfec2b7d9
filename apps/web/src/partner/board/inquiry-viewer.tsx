import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { RichHtml } from '../../ui/rich-text/rich-html.tsx';
import { showToast } from '../toast.tsx';
import { ContentViewer } from './content-viewer.tsx';
import { useDeleteInquiry, useReadInquiry } from './queries.ts';

type Inquiry = CallData<'/api/agent/inquiry/get'>['inquiries'][number];

/** Spec §2 inquiry box detail: the question and the answer; opening an unread answer marks it read (spec §4). */
export function InquiryViewer({ inquiry, onClose }: { inquiry: Inquiry; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useReadInquiry();
  const remove = useDeleteInquiry();
  const unreadAnswer = inquiry.status === 'answered' && !inquiry.readed_at;
  const { mutate } = read;

  useEffect(() => {
    if (unreadAnswer) mutate({ inquiry_id: inquiry.id });
  }, [unreadAnswer, inquiry.id, mutate]);

  async function del() {
    if (!(await showConfirm(t('partnerBoard.customer.confirmDelete')))) return;
    const answer = await remove.mutateAsync({ inquiry_id: inquiry.id });
    if (!answer.result) return showAlert(errorText(answer.error));
    onClose();
    showToast(t('partnerBoard.deleted'));
  }

  return (
    <ContentViewer
      title={inquiry.subject}
      at={inquiry.created_at}
      html={inquiry.content ?? ''}
      testId="pa-inquiry-view"
      onClose={onClose}
      actions={
        <button type="button" className="ui-btn ui-btn-danger" data-testid="pa-inquiry-delete" disabled={remove.isPending} onClick={() => void del()}>
          {t('partnerBoard.delete')}
        </button>
      }
    >
      <section className="pa-viewer-answer" data-testid="pa-inquiry-answer">
        <h3>
          {t('partnerBoard.customer.answer')}
          {inquiry.answered_at && <span className="pa-muted"> · {formatDateTime(inquiry.answered_at)}</span>}
        </h3>
        {inquiry.status === 'answered' && inquiry.answer ? (
          <RichHtml html={inquiry.answer} />
        ) : (
          <p className="pa-muted">{t('partnerBoard.customer.noAnswer')}</p>
        )}
      </section>
    </ContentViewer>
  );
}
