import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, type CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { sanitizeForDisplay } from '../../lib/rich-html.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { isBlankHtml } from '../../ui/rich-text/html.ts';
import { RichTextEditor } from '../../ui/rich-text/rich-text-editor.tsx';
import { useCloseInquiries, useDeleteInquiries } from '../content/queries.ts';
import { TemplatePicker } from '../content/template-picker.tsx';
import { useAnswerInquiry, useInquiryList } from './queries.ts';
import { Badge } from './shared.tsx';

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
        emptyText={t('admin.empty.inquiries')}
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
            cell: (q) =>
              q.closed ? (
                <Badge tone="muted">{t('adminContent.inquiries.closed')}</Badge>
              ) : (
                <Badge tone={q.status === 'waiting' ? 'warn' : 'ok'}>{t(`adminOps.inquiries.statuses.${q.status}`)}</Badge>
              ),
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
  const closeInquiries = useCloseInquiries();
  const deleteInquiries = useDeleteInquiries();
  const [answer, setAnswer] = useState('');
  // A picked answer template replaces the editor's content: the editor is remounted with it.
  const [seed, setSeed] = useState({ key: 0, html: '' });
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (isBlankHtml(answer)) return showAlert(t('adminOps.inquiries.answerRequired'));
    setBusy(true);
    const result = await answerInquiry.mutateAsync({ inquiry_id: inquiry.id, answer });
    setBusy(false);
    if (!result.result) return showAlert(errorText(result.error), t('adminOps.common.failed'));
    onClose();
    await showAlert(t('adminOps.inquiries.answered'));
  }

  /** Spec §4: close (waiting only: done without an answer) or delete, each confirmed. */
  async function act(kind: 'close' | 'delete') {
    if (busy || !(await showConfirm(t(kind === 'close' ? 'adminContent.inquiries.confirmClose' : 'adminContent.inquiries.confirmDelete')))) return;
    setBusy(true);
    const mutation = kind === 'close' ? closeInquiries : deleteInquiries;
    const result = await mutation.mutateAsync({ inquiry_ids: [inquiry.id] });
    setBusy(false);
    if (!result.result) return showAlert(errorText(result.error), t('adminOps.common.failed'));
    onClose();
    await showAlert(t(kind === 'close' ? 'adminContent.inquiries.closedDone' : 'adminContent.inquiries.deletedDone'));
  }

  const deleteButton = (
    <button type="button" className="ui-btn ui-btn-danger" data-testid="admin-inquiry-delete" disabled={busy} onClick={() => void act('delete')}>
      {t('adminContent.inquiries.delete')}
    </button>
  );

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
            {inquiry.closed && <p className="ad-muted">{t('adminContent.inquiries.closed')}</p>}
            <div className="ad-form-actions">
              {deleteButton}
              <button type="button" className="ui-btn" onClick={onClose}>
                {t('common.close')}
              </button>
            </div>
          </>
        ) : (
          <form className="ad-form" onSubmit={submit}>
            <div className="ad-form-col">
              <div className="adc-picker-row">
                <span className="ad-subhead">{t('adminOps.inquiries.answer')}</span>
                <TemplatePicker
                  kind="inquiry"
                  testId="admin-inquiry-template"
                  onPick={(picked) => {
                    setAnswer(picked.content);
                    setSeed((s) => ({ key: s.key + 1, html: picked.content }));
                  }}
                />
              </div>
              <RichTextEditor
                key={seed.key}
                initial={seed.html}
                onChange={setAnswer}
                placeholder={t('adminOps.inquiries.answerPlaceholder')}
                testId="admin-inquiry-answer"
                onUploadingChange={setUploading}
              />
            </div>
            <div className="ad-form-actions">
              {deleteButton}
              <button type="button" className="ui-btn" data-testid="admin-inquiry-close" disabled={busy} onClick={() => void act('close')}>
                {t('adminContent.inquiries.close')}
              </button>
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
