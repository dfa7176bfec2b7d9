import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { showAlert } from '../../../ui/dialog.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { RichTextEditor } from '../editor/rich-text-editor.tsx';
import { isBlankHtml } from '../lib/html.ts';
import { useRefresh } from '../queries.ts';

/** Spec §2 inquiry creation modal: subject and rich text; §5 "inquiry title and content". */
export function InquiryCreateModal({ initialSubject, onClose }: { initialSubject: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [subject, setSubject] = useState(initialSubject);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (!subject.trim() || isBlankHtml(content)) {
      await showAlert(t('errors.inquiry_required'));
      return;
    }
    setBusy(true);
    const answer = await call('/api/user/inquiry/create', { subject: subject.trim(), content });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error));
      return;
    }
    await refresh.inquiries();
    onClose();
    await showAlert(t('community.inquiry.created'));
    if (window.location.pathname !== '/board/customer') navigate('/board/customer');
  }

  return (
    <Modal title={t('community.inquiry.createTitle')} onClose={onClose} testId="inquiry-create-modal" wide>
      <form className="c-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="ui-field">
          <span className="ui-field-label">{t('community.common.subject')}</span>
          <input
            className="ui-input"
            data-testid="inquiry-subject"
            maxLength={200}
            value={subject}
            placeholder={t('community.inquiry.subjectPlaceholder')}
            onChange={(e) => setSubject(e.target.value)}
          />
        </label>
        <div className="ui-field">
          <span className="ui-field-label">{t('community.common.content')}</span>
          <RichTextEditor onChange={setContent} placeholder={t('community.inquiry.contentPlaceholder')} testId="inquiry-editor" onUploadingChange={setUploading} />
        </div>
        <div className="c-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="inquiry-submit" disabled={busy || uploading}>
            {t('community.inquiry.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
