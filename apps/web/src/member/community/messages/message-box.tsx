import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { showAlert, showConfirm } from '../../../ui/dialog.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { useMember } from '../../session.tsx';
import { RichHtml } from '../../../ui/rich-text/rich-html.tsx';
import { SoundToggle } from '../layer/sound-toggle.tsx';
import { ListState, useOnChange, useStepBackWhenEmpty } from '../list-state.tsx';
import { PAGE_SIZE, useMessageActions, useMessages, useRefresh } from '../queries.ts';

/**
 * Spec §2/§4 message box (10 per page): opening a note marks it read, bulk and all-read
 * marking, deleting read notes one by one or all at once. Used by /board/message and the
 * community modal.
 */
export function MessageBox() {
  const { t } = useTranslation();
  const { context } = useMember();
  const refresh = useRefresh();
  const actions = useMessageActions();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const query = useMessages(page);
  const rows = query.data?.messages;
  const unread = context?.unread_message_total ?? 0;

  useStepBackWhenEmpty(page, rows?.length, setPage);
  useEffect(() => setSelected(new Set()), [page]);
  // A note that arrives while the box is open shows up with the next context poll.
  useOnChange(unread, () => void refresh.messages());

  async function act(run: () => Promise<{ result: boolean; error?: { code: string; message: string } }>, done?: string) {
    if (busy) return;
    setBusy(true);
    const answer = await run();
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error ?? { code: 'internal', message: '' }));
      return;
    }
    if (done) await showAlert(done);
  }

  async function open(id: number, isUnread: boolean) {
    setOpenId((current) => (current === id ? null : id));
    if (isUnread) {
      await actions.read.mutateAsync({ message_ids: [id] });
    }
  }

  async function markSelected() {
    if (selected.size === 0) {
      await showAlert(t('community.message.selectRequired'));
      return;
    }
    await act(() => actions.read.mutateAsync({ message_ids: [...selected] }));
    setSelected(new Set());
  }

  async function remove(id: number) {
    if (!(await showConfirm(t('community.message.deleteConfirm')))) return;
    await act(() => actions.remove.mutateAsync({ message_id: id }), t('community.common.deleted'));
    if (openId === id) setOpenId(null);
  }

  async function eraseAllRead() {
    if (!(await showConfirm(t('community.message.eraseAllConfirm')))) return;
    await act(() => actions.removeAllRead.mutateAsync(undefined), t('community.common.deleted'));
    setOpenId(null);
  }

  const allChecked = Boolean(rows?.length) && rows!.every((m) => selected.has(m.id));
  const toggleAll = () => setSelected(allChecked ? new Set() : new Set(rows?.map((m) => m.id)));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="c-box" data-testid="message-box">
      <div className="c-toolbar-row">
        <span className="c-count" data-testid="message-unread">
          {t('community.message.unreadCount', { count: unread })}
        </span>
        <SoundToggle />
      </div>
      <div className="c-actions">
        <label className="c-check-all">
          <input type="checkbox" checked={allChecked} onChange={toggleAll} disabled={!rows?.length} />
          <span>{t('community.common.selectAll')}</span>
        </label>
        <button type="button" className="ui-btn m-btn-sm" data-testid="message-read-selected" disabled={busy} onClick={() => void markSelected()}>
          {t('community.message.readSelected')}
        </button>
        <button
          type="button"
          className="ui-btn m-btn-sm"
          data-testid="message-read-all"
          disabled={busy}
          onClick={() => void act(() => actions.readAll.mutateAsync(undefined))}
        >
          {t('community.message.readAll')}
        </button>
        <button type="button" className="ui-btn ui-btn-danger m-btn-sm" data-testid="message-erase-read" disabled={busy} onClick={() => void eraseAllRead()}>
          {t('community.message.eraseAllRead')}
        </button>
      </div>

      <ListState isLoading={query.isLoading} error={query.error} isEmpty={!rows?.length} emptyText={t('community.message.empty')}>
        <ul className="c-rows">
          {rows?.map((m) => {
            const isUnread = !m.readed_at;
            const isOpen = openId === m.id;
            return (
              <li key={m.id} className={`c-row${isUnread ? ' is-unread' : ''}${isOpen ? ' is-open' : ''}`} data-testid="message-row" data-id={m.id}>
                <div className="c-row-line">
                  <input
                    type="checkbox"
                    className="c-row-check"
                    aria-label={t('community.common.select')}
                    checked={selected.has(m.id)}
                    onChange={() => toggle(m.id)}
                  />
                  <button type="button" className="c-row-main" aria-expanded={isOpen} data-testid="message-open" onClick={() => void open(m.id, isUnread)}>
                    <span className={isUnread ? 'c-badge c-badge-new' : 'c-badge'}>
                      {isUnread ? t('community.message.unread') : t('community.message.read')}
                    </span>
                    <span className="c-row-subject">{m.subject}</span>
                    <span className="c-row-meta">
                      <span>{m.sender}</span>
                      <time>{formatDateTime(m.created_at)}</time>
                    </span>
                  </button>
                  <button
                    type="button"
                    className="c-row-del"
                    aria-label={t('community.common.delete')}
                    data-testid="message-delete"
                    disabled={busy}
                    onClick={() => void remove(m.id)}
                  >
                    ×
                  </button>
                </div>
                {isOpen && (
                  <div className="c-row-detail" data-testid="message-detail">
                    <dl className="c-facts">
                      <div>
                        <dt>{t('community.message.sender')}</dt>
                        <dd>{m.sender}</dd>
                      </div>
                      <div>
                        <dt>{t('community.message.receivedAt')}</dt>
                        <dd>{formatDateTime(m.created_at)}</dd>
                      </div>
                      {m.readed_at && (
                        <div>
                          <dt>{t('community.message.readAt')}</dt>
                          <dd>{formatDateTime(m.readed_at)}</dd>
                        </div>
                      )}
                    </dl>
                    <RichHtml html={m.content} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListState>
      {(query.data?.total ?? 0) > PAGE_SIZE.messages && <Pagination page={page} total={query.data!.total} perPage={PAGE_SIZE.messages} onChange={setPage} />}
    </div>
  );
}
