import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { showToast } from '../toast.tsx';
import { ContentViewer } from './content-viewer.tsx';
import { useAgentMessages, useDeleteMessage, useReadMessages } from './queries.ts';

type Message = CallData<'/api/agent/message/get'>['messages'][number];
const PER_PAGE = 10;

/**
 * /pa-message: the agent's message box (10 per page). Opening a note marks it read and the
 * new-message count drops; several can be marked read at once; only read notes can be deleted
 * (spec §4).
 */
export function PartnerMessagePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Message | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const query = useAgentMessages((page - 1) * PER_PAGE);
  const read = useReadMessages();
  const remove = useDeleteMessage();
  const rows = query.data?.messages ?? [];
  const allChecked = rows.length > 0 && rows.every((m) => selected.has(m.id));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function openMessage(m: Message) {
    setOpen(m);
    if (!m.readed_at) read.mutate({ message_ids: [m.id] });
  }

  async function readSelected() {
    if (selected.size === 0) return showAlert(t('partnerBoard.message.selectFirst'));
    const answer = await read.mutateAsync({ message_ids: [...selected] });
    if (!answer.result) return showAlert(errorText(answer.error));
    setSelected(new Set());
    showToast(t('partnerBoard.message.marked', { count: answer.data.read }));
  }

  /** `isRead`: the row says so, or the note is open in the viewer (opening it read it). */
  async function del(id: number, isRead: boolean) {
    if (!isRead) return showAlert(t('partnerBoard.message.onlyRead'));
    if (!(await showConfirm(t('partnerBoard.message.confirmDelete')))) return;
    const answer = await remove.mutateAsync({ message_id: id });
    if (!answer.result) return showAlert(errorText(answer.error));
    setOpen(null);
    showToast(t('partnerBoard.deleted'));
  }

  return (
    <BackofficePage
      title={t('partner.menu.pa-message')}
      testId="pa-message"
      filters={
        <Filters>
          <button
            type="button"
            className="ui-btn ui-btn-primary"
            data-testid="pa-message-read-selected"
            disabled={read.isPending}
            onClick={() => void readSelected()}
          >
            {t('partnerBoard.message.readSelected')}
          </button>
        </Filters>
      }
    >
      <ListFrame
        query={query}
        errorText={t('partnerBoard.loadFailed')}
        paging={{
          page,
          perPage: PER_PAGE,
          onPage: (p) => {
            setPage(p);
            setSelected(new Set());
          },
        }}
        rows={(d) => d.messages}
        rowKey={(m) => m.id}
        rowProps={(m) => ({
          'data-testid': 'pa-message-row',
          'data-id': m.id,
          'data-read': Boolean(m.readed_at),
          className: m.readed_at ? undefined : 'is-unread',
        })}
        emptyText={t('partnerBoard.message.empty')}
        columns={[
          {
            id: 'select',
            headClassName: 'pa-select-cell',
            className: 'pa-select-cell',
            header: (
              <input
                type="checkbox"
                aria-label={t('partnerBoard.message.selectAll')}
                data-testid="pa-message-select-all"
                checked={allChecked}
                onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((m) => m.id)))}
              />
            ),
            cell: (m) => (
              <input
                type="checkbox"
                aria-label={t('partnerBoard.message.select')}
                data-testid="pa-message-select"
                checked={selected.has(m.id)}
                onChange={() => toggle(m.id)}
              />
            ),
          },
          {
            id: 'subject',
            header: t('partnerBoard.cols.subject'),
            className: 'pa-cell-wide',
            cell: (m) => (
              <button type="button" className="pa-link" data-testid="pa-message-open" onClick={() => openMessage(m)}>
                {m.subject}
              </button>
            ),
          },
          { id: 'sender', header: t('partnerBoard.cols.sender'), cell: (m) => (m.sender === 'admin' ? t('partnerBoard.operator') : m.sender) },
          { id: 'received', header: t('partnerBoard.cols.receivedAt'), cell: (m) => formatDateTime(m.created_at), className: 'mono pa-nowrap' },
          {
            id: 'state',
            header: t('partnerBoard.cols.status'),
            cell: (m) => (
              <span className={m.readed_at ? 'pa-state is-done' : 'pa-state'}>{t(`partnerBoard.message.states.${m.readed_at ? 'read' : 'unread'}`)}</span>
            ),
          },
          {
            id: 'actions',
            header: t('partnerBoard.cols.actions'),
            cell: (m) => (
              <button
                type="button"
                className="ui-btn pa-btn-sm"
                data-testid="pa-message-delete"
                disabled={!m.readed_at || remove.isPending}
                onClick={() => void del(m.id, Boolean(m.readed_at))}
              >
                {t('partnerBoard.delete')}
              </button>
            ),
          },
        ]}
      />
      {open && (
        <ContentViewer
          title={open.subject}
          author={open.sender === 'admin' ? t('partnerBoard.operator') : open.sender}
          at={open.created_at}
          html={open.content}
          testId="pa-message-view"
          onClose={() => setOpen(null)}
          actions={
            <button type="button" className="ui-btn ui-btn-danger" data-testid="pa-message-view-delete" onClick={() => void del(open.id, true)}>
              {t('partnerBoard.delete')}
            </button>
          }
        />
      )}
    </BackofficePage>
  );
}
