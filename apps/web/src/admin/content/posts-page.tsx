import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Badge } from '../ops/shared.tsx';
import { PostEditor, type AdminPostKind } from './post-editor.tsx';
import { useDeletePost, usePostList, useSetPostVisible } from './queries.ts';

type Post = { id: number; subject: string; visible: boolean };

/** Hide, show and delete a post after a confirmation; the answer's error in an alert. */
export function usePostActions() {
  const { t } = useTranslation();
  const setVisible = useSetPostVisible();
  const remove = useDeletePost();
  return {
    async toggle(p: Post) {
      if (!(await showConfirm(t(p.visible ? 'adminContent.common.confirmHide' : 'adminContent.common.confirmShow', { subject: p.subject })))) return;
      const r = await setVisible.mutateAsync({ id: p.id, visible: !p.visible });
      if (!r.result) await showAlert(errorText(r.error), t('adminOps.common.failed'));
    },
    async remove(p: Post) {
      if (!(await showConfirm(t('adminContent.common.confirmDelete', { subject: p.subject })))) return;
      const r = await remove.mutateAsync({ id: p.id });
      await showAlert(r.result ? t('adminContent.common.deleted') : errorText(r.error));
    },
  };
}

/** Announcements, events or betting rules (spec §2): list, write, edit, hide and delete. */
export function PostsPage({ kind }: { kind: AdminPostKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null | 'new'>(null);
  const query = usePostList({ kind, skip: skipOf(page) });
  const actions = usePostActions();

  return (
    <BackofficePage
      title={t(`adminContent.posts.titles.${kind}`)}
      testId={`adc-posts-${kind}`}
      filters={
        <button type="button" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="adc-post-new" onClick={() => setEditing('new')}>
          {t('adminContent.common.create')}
        </button>
      }
    >
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.posts}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-testid': 'adc-post-row', 'data-id': p.id })}
        emptyText={t(`adminContent.posts.empty.${kind}`)}
        columns={[
          { id: 'id', header: 'ID', cell: (p) => p.id, className: 'num' },
          kind === 'event' && {
            id: 'thumb',
            header: t('adminContent.common.thumbnail'),
            cell: (p) => (p.thumbnail ? <img className="adc-thumb" src={p.thumbnail} alt="" /> : '-'),
          },
          {
            id: 'subject',
            header: t('adminContent.common.subject'),
            className: 'ad-cell-wide',
            cell: (p) => (
              <button type="button" className="ad-link" onClick={() => setEditing(p.id)}>
                {p.subject}
              </button>
            ),
          },
          {
            id: 'visible',
            header: t('adminContent.common.state'),
            cell: (p) => <Badge tone={p.visible ? 'ok' : 'muted'}>{t(p.visible ? 'adminContent.common.visible' : 'adminContent.common.hidden')}</Badge>,
          },
          { id: 'created', header: t('adminContent.common.createdAt'), cell: (p) => formatDateTime(p.created_at), className: 'mono' },
          { id: 'updated', header: t('adminContent.common.updatedAt'), cell: (p) => formatDateTime(p.updated_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (p) => (
              <span className="ad-row-actions">
                <button type="button" className="ui-btn ad-btn-xs" data-testid="adc-post-edit" onClick={() => setEditing(p.id)}>
                  {t('adminContent.common.edit')}
                </button>
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
      {editing !== null && <PostEditor kind={kind} id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </BackofficePage>
  );
}
