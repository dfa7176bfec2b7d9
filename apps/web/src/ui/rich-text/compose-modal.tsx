import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert } from '../dialog.tsx';
import { Modal } from '../modal.tsx';
import { isBlankHtml } from './html.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import './rich-text.css';

type ComposeModalProps<T> = {
  /** Test ids: `<testId>-create-modal`, `-subject`, `-editor`, `-submit`. */
  testId: string;
  title: string;
  initialSubject?: string;
  subjectPlaceholder: string;
  contentPlaceholder: string;
  submitLabel: string;
  /** Said when the subject or the content is left empty. */
  requiredMessage: string;
  send: (body: { subject: string; content: string }) => Promise<ApiAnswer<T>>;
  /** After the server took it (the modal is still open: close it here). */
  onSent: (data: T) => Promise<void>;
  onClose: () => void;
};

/** A modal form with a subject and rich text (image upload); refusals are shown as alerts. */
export function ComposeModal<T>(props: ComposeModalProps<T>) {
  const { testId, title, subjectPlaceholder, contentPlaceholder, submitLabel, requiredMessage, send, onSent, onClose } = props;
  const { t } = useTranslation();
  const [subject, setSubject] = useState(props.initialSubject ?? '');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (!subject.trim() || isBlankHtml(content)) {
      await showAlert(requiredMessage);
      return;
    }
    setBusy(true);
    const answer = await send({ subject: subject.trim(), content });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error));
      return;
    }
    await onSent(answer.data);
  }

  return (
    <Modal title={title} onClose={onClose} testId={`${testId}-create-modal`} wide>
      <form className="c-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="ui-field">
          <span className="ui-field-label">{t('community.common.subject')}</span>
          <input
            className="ui-input"
            data-testid={`${testId}-subject`}
            maxLength={200}
            value={subject}
            placeholder={subjectPlaceholder}
            onChange={(e) => setSubject(e.target.value)}
          />
        </label>
        <div className="ui-field">
          <span className="ui-field-label">{t('community.common.content')}</span>
          <RichTextEditor onChange={setContent} placeholder={contentPlaceholder} testId={`${testId}-editor`} onUploadingChange={setUploading} />
        </div>
        <div className="c-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid={`${testId}-submit`} disabled={busy || uploading}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
