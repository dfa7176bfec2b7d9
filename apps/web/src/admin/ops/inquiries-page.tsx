import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, type CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { sanitizeForDisplay } from '../../lib/rich-html.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { useAnswerInquiry, useInquiryList } from './queries.ts';
import { Badge, textToHtml } from './shared.tsx';

type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
type InquiryRow = CallData<'/api/admin/inquiry/list'>['inquiries'][number];

/** Inquiry box (spec §2, §4): waiting and answered tabs; an open waiting inquiry takes an answer. */
export function InquiriesPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<InquiryStatus>('waiting');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<InquiryRow | null>(null);
  const body = { status, skip: skipOf(page) };
  const roleText = (r: string) => (i18n.exists(`adminOps.members.roles.${r}`) ? t(`adminOps.members.roles.${r as 'user'}`) : r);
  const query = useInquiryList(body);

  return (
    <BackofficePage
      title={t('adminOps.inquiries.title')}
      testId="admin-inquiries"
      filters={
        <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
          {t('common.refresh')}
        </button>
      }
    >
      <Tabs
        tabs={INQUIRY_STATUSES}
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        label={(s) => t(`adminOps.inquiries.statuses.${s}`)}
        testId={(s) => `admin-inquiry-tab-${s}`}
      />
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.inquiries}
        rowKey={(q) => q.id}
        rowProps={(q) => ({ 'data-testid': 'admin-inquiry-row', 'data-id': q.id })}
        columns={[
          { id: 'id', header: 'ID', cell: (q) => q.id, className: 'num' },
          {
            id: 'subject',
            header: t('adminOps.inquiries.cols.subject'),
            className: 'ad-cell-wide',
            cell: (q) => (
              <button type="button" className="ad-link" onClick={() => setOpen(q)}>
                {q.subject}
              </button>
            ),
          },
          { id: 'account', header: t('adminOps.inquiries.cols.account'), cell: (q) => q.account, className: 'strong' },
          { id: 'nickname', header: t('adminOps.inquiries.cols.nickname'), cell: (q) => q.nickname },
          // Agents ask the same customer service (decision 033): the tier tells them apart.
          { id: 'role', header: t('adminOps.members.cols.role'), cell: (q) => roleText(q.role) },
          {
            id: 'status',
            header: t('adminOps.inquiries.cols.status'),
            cell: (q) => <Badge tone={q.status === 'waiting' ? 'warn' : 'ok'}>{t(`adminOps.inquiries.statuses.${q.status}`)}</Badge>,
          },
          { id: 'created', header: t('adminOps.inquiries.cols.createdAt'), cell: (q) => formatDateTime(q.created_at), className: 'mono' },
          {
            id: 'answered',
            header: t('adminOps.inquiries.cols.answeredAt'),
            cell: (q) => (q.answered_at ? formatDateTime(q.answered_at) : '-'),
            className: 'mono',
          },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (q) => (
              <button type="button" className="ui-btn ad-btn-xs" data-testid="admin-inquiry-open" onClick={() => setOpen(q)}>
                {t('adminOps.inquiries.open')}
              </button>
            ),
          },
        ]}
      />
      {open && <InquiryDialog inquiry={open} onClose={() => setOpen(null)} />}
    </BackofficePage>
  );
}

function InquiryDialog({ inquiry, onClose }: { inquiry: InquiryRow; onClose: () => void }) {
  const { t } = useTranslation();
  const answerInquiry = useAnswerInquiry();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!answer.trim()) return showAlert(t('adminOps.inquiries.answerRequired'));
    setBusy(true);
    const result = await answerInquiry.mutateAsync({ inquiry_id: inquiry.id, answer: textToHtml(answer) });
    setBusy(false);
    if (!result.result) return showAlert(errorText(result.error), t('adminOps.common.failed'));
    onClose();
    await showAlert(t('adminOps.inquiries.answered'));
  }

  return (
    <Modal title={inquiry.subject} onClose={onClose} testId="admin-inquiry-dialog" wide>
      <div className="ad-form">
        <p className="ad-muted">
          {inquiry.account} ({inquiry.nickname}) · {formatDateTime(inquiry.created_at)}
        </p>
        <h3 className="ad-subhead">{t('adminOps.inquiries.content')}</h3>
        {/* The server sanitises inquiry HTML on write; the display filters it again (lib/rich-html.ts). */}
        <div className="ad-html" data-testid="admin-inquiry-content" dangerouslySetInnerHTML={{ __html: sanitizeForDisplay(inquiry.content) }} />
        {inquiry.status === 'answered' ? (
          <>
            <h3 className="ad-subhead">{t('adminOps.inquiries.answer')}</h3>
            <div
              className="ad-html is-answer"
              data-testid="admin-inquiry-answer-view"
              dangerouslySetInnerHTML={{ __html: sanitizeForDisplay(inquiry.answer ?? '') }}
            />
          </>
        ) : (
          <form className="ad-form" onSubmit={submit}>
            <label className="ad-form-col">
              <span className="ad-subhead">{t('adminOps.inquiries.answer')}</span>
              <textarea
                className="ui-input ad-textarea"
                data-testid="admin-inquiry-answer"
                rows={6}
                placeholder={t('adminOps.inquiries.answerPlaceholder')}
                value={answer}
                onChange={(e) => setAnswer(e.target.value)}
              />
            </label>
            <div className="ad-form-actions">
              <button type="button" className="ui-btn" onClick={onClose}>
                {t('common.close')}
              </button>
              <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-inquiry-submit" disabled={busy}>
                {busy ? t('adminOps.common.processing') : t('adminOps.inquiries.submit')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
