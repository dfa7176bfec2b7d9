import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { Modal } from '../../ui/modal.tsx';
import { RichHtml } from '../../ui/rich-text/rich-html.tsx';

type Props = {
  title: string;
  /** Who wrote it and when, shown under the title. */
  author?: string;
  at: string;
  html: string;
  testId: string;
  onClose: () => void;
  /** Below the content: an inquiry's answer. */
  children?: ReactNode;
  /** Buttons beside Close (delete …). */
  actions?: ReactNode;
};

/** Spec §2 "contents viewer": one stored text (notice, note, inquiry) in a modal over the shell. */
export function ContentViewer({ title, author, at, html, testId, onClose, children, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onClose} testId={testId} wide>
      <p className="pa-muted pa-viewer-meta">
        {author && <span>{author} · </span>}
        <span>{formatDateTime(at)}</span>
      </p>
      <RichHtml html={html} className="pa-viewer-body" testId={`${testId}-content`} />
      {children}
      <div className="pa-viewer-actions">
        {actions}
        <button type="button" className="ui-btn" onClick={onClose}>
          {t('partnerBoard.close')}
        </button>
      </div>
    </Modal>
  );
}
