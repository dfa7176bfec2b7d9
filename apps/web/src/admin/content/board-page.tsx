import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { sanitizeForDisplay } from '../../lib/rich-html.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { Badge } from '../ops/shared.tsx';
import { usePostActions } from './posts-page.tsx';
import { useDeleteComment, usePost, usePostList, useSetCommentVisible } from './queries.ts';

/** Free-board moderation (spec §2 board): members' posts, read, hidden from the site or deleted. */
export function BoardPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = usePostList({ kind: 'free', skip: skipOf(page) });
  const actions = usePostActions();

  return (
    <BackofficePage title={t('adminContent.board.title')} testId="adc-board">
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.posts}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-testid': 'adc-board-row', 'data-id': p.id })}
        emptyText={t('adminContent.board.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (p) => p.id, className: 'num' },
          {
            id: 'subject',
            header: t('adminContent.common.subject'),
            className: 'ad-cell-wide',
            cell: (p) => (
              <button type="button" className="ad-link" data-testid="adc-board-open" onClick={() => setOpen(p.id)}>
                {p.subject}
              </button>
            ),
          },
          { id: 'author', header: t('adminContent.common.author'), cell: (p) => p.author, className: 'strong' },
          { id: 'comments', header: t('adminContent.board.comments'), cell: (p) => p.comment_count, className: 'num' },
          {
            id: 'visible',
            header: t('adminContent.common.state'),
            cell: (p) => <Badge tone={p.visible ? 'ok' : 'muted'}>{t(p.visible ? 'adminContent.common.visible' : 'adminContent.common.hidden')}</Badge>,
          },
          { id: 'created', header: t('adminContent.common.createdAt'), cell: (p) => formatDateTime(p.created_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (p) => (
              <span className="ad-row-actions">
                <button type="button" className="ui-btn ad-btn-xs" data-testid="adc-post-toggle" onClick={() => void actions.toggle(p)}>
                  {t(p.visible ? 'adminContent.common.hide' : 'adminContent.common.show')}
                </button>
                <button type="button" className="ui-btn ui-btn-danger ad-btn-xs" data-testid="adc-post-delete" onClick={() => void actions.remove(p)}>
                  {t('adminContent.common.delete')}
                </button>
              </span>
            ),
          },
        ]}
      />
      {open !== null && <PostView id={open} onClose={() => setOpen(null)} />}
    </BackofficePage>
  );
}

function PostView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = usePost(id);
  const setCommentVisible = useSetCommentVisible();
  const removeComment = useDeleteComment();

  async function toggleComment(c: { id: number; visible: boolean }) {
    const r = await setCommentVisible.mutateAsync({ id: c.id, visible: !c.visible });
    if (!r.result) await showAlert(errorText(r.error), t('adminOps.common.failed'));
  }

  async function deleteComment(c: { id: number; author: string }) {
    if (!(await showConfirm(t('adminContent.board.confirmDeleteComment', { author: c.author })))) return;
    const r = await removeComment.mutateAsync({ id: c.id });
    await showAlert(r.result ? t('adminContent.board.commentDeleted') : errorText(r.error), r.result ? undefined : t('adminOps.common.failed'));
  }

  return (
    <Modal title={query.data?.post.subject ?? t('adminContent.board.title')} onClose={onClose} testId="adc-board-view" wide>
      <QueryState query={query}>
        {(d) => (
          <>
            <p className="ad-muted">
              {d.post.author} · {formatDateTime(d.post.created_at)}
            </p>
            {/* Stored sanitised by the server; filtered again for display (lib/rich-html.ts). */}
            <div className="ad-html" dangerouslySetInnerHTML={{ __html: sanitizeForDisplay(d.post.content) }} />
            <h3 className="ad-subhead">
              {t('adminContent.board.comments')} ({d.post.comments.length})
            </h3>
            {d.post.comments.length === 0 ? (
              <p className="ad-muted">{t('adminContent.board.noComments')}</p>
            ) : (
              <ul className="adc-comments">
                {d.post.comments.map((c) => (
                  <li key={c.id} className={`adc-comment${c.visible ? '' : ' is-hidden'}`} data-testid="adc-comment" data-id={c.id}>
                    <div className="adc-comment-head">
                      <strong>{c.author}</strong>
                      <span className="ad-muted">{formatDateTime(c.created_at)}</span>
                      <Badge tone={c.visible ? 'ok' : 'muted'}>{t(c.visible ? 'adminContent.common.visible' : 'adminContent.common.hidden')}</Badge>
                      <button
                        type="button"
                        className="ui-btn ad-btn-xs"
                        data-testid="adc-comment-toggle"
                        disabled={setCommentVisible.isPending}
                        onClick={() => void toggleComment(c)}
                      >
                        {t(c.visible ? 'adminContent.common.hide' : 'adminContent.common.show')}
                      </button>
                      <button
                        type="button"
                        className="ui-btn ui-btn-danger ad-btn-xs"
                        data-testid="adc-comment-delete"
                        disabled={removeComment.isPending}
                        onClick={() => void deleteComment(c)}
                      >
                        {t('adminContent.common.delete')}
                      </button>
                    </div>
                    {/* Comments are plain text: shown as text, never as HTML. */}
                    <p className="adc-comment-text">{c.content}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}
