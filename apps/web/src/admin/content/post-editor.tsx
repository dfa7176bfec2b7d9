import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { isBlankHtml } from '../../ui/rich-text/html.ts';
import { RichTextEditor } from '../../ui/rich-text/rich-text-editor.tsx';
import { ImageField } from './image-field.tsx';
import { useCreatePost, usePost, useUpdatePost } from './queries.ts';

export type AdminPostKind = 'notice' | 'event' | 'rule';
type Draft = { subject: string; content: string; thumbnail: string | null };

/** Create (no `id`) or edit one notice, event or rule: title, thumbnail (events), rich text with images. */
export function PostEditor({ kind, id, onClose }: { kind: AdminPostKind; id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title = t(id === null ? 'adminContent.posts.createTitle' : 'adminContent.posts.editTitle', { kind: t(`adminContent.posts.kinds.${kind}`) });
  const query = usePost(id);
  return (
    <Modal title={title} onClose={onClose} testId="adc-post-editor" wide>
      {id === null ? (
        <PostForm kind={kind} id={null} initial={{ subject: '', content: '', thumbnail: null }} onClose={onClose} />
      ) : (
        <QueryState query={query}>
          {(d) => (
            <PostForm kind={kind} id={id} initial={{ subject: d.post.subject, content: d.post.content, thumbnail: d.post.thumbnail }} onClose={onClose} />
          )}
        </QueryState>
      )}
    </Modal>
  );
}

function PostForm({ kind, id, initial, onClose }: { kind: AdminPostKind; id: number | null; initial: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePost();
  const update = useUpdatePost();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (!draft.subject.trim() || isBlankHtml(draft.content)) return showAlert(t(`adminContent.posts.required.${kind}`));
    setBusy(true);
    const body = { subject: draft.subject.trim(), content: draft.content, thumbnail: draft.thumbnail };
    const answer = id === null ? await create.mutateAsync({ kind, ...body }) : await update.mutateAsync({ id, ...body });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    onClose();
    await showAlert(t('adminContent.common.saved'));
  }

  return (
    <form className="ad-form" onSubmit={(e) => void submit(e)} noValidate>
      <label className="ad-form-row">
        <span className="ad-form-label">{t('adminContent.common.subject')}</span>
        <input
          className="ui-input"
          data-testid="adc-post-subject"
          maxLength={200}
          value={draft.subject}
          onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
        />
      </label>
      {kind === 'event' && (
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminContent.common.thumbnail')}</span>
          <ImageField value={draft.thumbnail} onChange={(thumbnail) => setDraft({ ...draft, thumbnail })} testId="adc-post-thumbnail" />
        </div>
      )}
      <div className="ad-form-row is-top">
        <span className="ad-form-label">{t('adminContent.common.content')}</span>
        <RichTextEditor
          initial={initial.content}
          onChange={(content) => setDraft((d) => ({ ...d, content }))}
          testId="adc-post-editor-body"
          onUploadingChange={setUploading}
        />
      </div>
      <div className="ad-form-actions">
        <button type="button" className="ui-btn" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="adc-post-submit" disabled={busy || uploading}>
          {busy ? t('adminOps.common.processing') : t('adminContent.common.save')}
        </button>
      </div>
    </form>
  );
}
