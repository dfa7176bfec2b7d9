import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { showAlert, showConfirm } from '../../../ui/dialog.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { useMember } from '../../session.tsx';
import { communityModal } from '../community-store.ts';
import { RichHtml } from '../../../ui/rich-text/rich-html.tsx';
import { ListState, useOnChange, useStepBackWhenEmpty } from '../list-state.tsx';
import { PAGE_SIZE, useInquiries, useInquiryActions, useRefresh } from '../queries.ts';

/**
 * Spec §2/§4 inquiry box (5 per page): status badge, content and answer on open (an answered,
 * unread inquiry is marked read), writing, quick account request, deleting one or all.
 */
export function InquiryBox() {
  const { t } = useTranslation();
  const { context } = useMember();
  const refresh = useRefresh();
  const actions = useInquiryActions();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const query = useInquiries(page);
  const rows = query.data?.inquiries;
  const unreadReplies = context?.unread_reply_total ?? 0;

  useStepBackWhenEmpty(page, rows?.length, setPage);
  // An answer given while the box is open arrives with the next context poll.
  useOnChange(unreadReplies, () => void refresh.inquiries());

  async function open(id: number, isNewAnswer: boolean) {
    setOpenId((current) => (current === id ? null : id));
    if (!isNewAnswer) return;
    await actions.read.mutateAsync({ inquiry_id: id });
  }

  async function remove(id: number | null) {
    const question = id === null ? t('community.inquiry.deleteAllConfirm') : t('community.inquiry.deleteConfirm');
    if (!(await showConfirm(question)) || busy) return;
    setBusy(true);
    const answer = await actions.remove.mutateAsync({ inquiry_id: id });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error));
      return;
    }
    if (id === null || openId === id) setOpenId(null);
    await showAlert(t('community.common.deleted'));
  }

  async function quickAccount() {
    if (busy) return;
    setBusy(true);
    const answer = await actions.quickAccount.mutateAsync(undefined);
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error));
      return;
    }
    await showAlert(t('community.inquiry.quickDone'));
  }

  return (
    <div className="c-box" data-testid="inquiry-box">
      <div className="c-actions">
        <button type="button" className="ui-btn ui-btn-primary m-btn-sm" data-testid="inquiry-write" onClick={() => communityModal.openInquiry()}>
          {t('community.inquiry.write')}
        </button>
        <button type="button" className="ui-btn m-btn-sm" data-testid="inquiry-quick" disabled={busy} onClick={() => void quickAccount()}>
          {t('community.inquiry.quickAccount')}
        </button>
        <button
          type="button"
          className="ui-btn ui-btn-danger m-btn-sm c-push-right"
          data-testid="inquiry-delete-all"
          disabled={busy || !rows?.length}
          onClick={() => void remove(null)}
        >
          {t('community.inquiry.deleteAll')}
        </button>
      </div>

      <ListState isLoading={query.isLoading} error={query.error} isEmpty={!rows?.length} emptyText={t('community.inquiry.empty')}>
        <ul className="c-rows">
          {rows?.map((q) => {
            const answered = q.status === 'answered';
            const isNew = answered && !q.readed_at;
            const isOpen = openId === q.id;
            return (
              <li
                key={q.id}
                className={`c-row${isNew ? ' is-unread' : ''}${isOpen ? ' is-open' : ''}`}
                data-testid="inquiry-row"
                data-id={q.id}
                data-status={q.status}
              >
                <div className="c-row-line">
                  <button type="button" className="c-row-main" aria-expanded={isOpen} data-testid="inquiry-open" onClick={() => void open(q.id, isNew)}>
                    <span className={answered ? 'c-badge c-badge-ok' : 'c-badge c-badge-wait'} data-testid="inquiry-status">
                      {answered ? t('community.inquiry.answered') : t('community.inquiry.waiting')}
                    </span>
                    <span className="c-row-subject">
                      {q.subject}
                      {isNew && <span className="c-dot-new">{t('community.common.new')}</span>}
                    </span>
                    <span className="c-row-meta">
                      <time>{formatDateTime(q.created_at)}</time>
                    </span>
                  </button>
                  <button
                    type="button"
                    className="c-row-del"
                    aria-label={t('community.common.delete')}
                    data-testid="inquiry-delete"
                    disabled={busy}
                    onClick={() => void remove(q.id)}
                  >
                    ×
                  </button>
                </div>
                {isOpen && (
                  <div className="c-row-detail" data-testid="inquiry-detail">
                    <section className="c-qa">
                      <h3 className="c-qa-label">{t('community.inquiry.question')}</h3>
                      <RichHtml html={q.content ?? ''} />
                    </section>
                    <section className="c-qa c-qa-answer">
                      <h3 className="c-qa-label">
                        {t('community.inquiry.answer')}
                        {q.answered_at && <time>{formatDateTime(q.answered_at)}</time>}
                      </h3>
                      {answered && q.answer ? (
                        <RichHtml html={q.answer} testId="inquiry-answer" />
                      ) : (
                        <p className="c-muted">{t('community.inquiry.noAnswerYet')}</p>
                      )}
                    </section>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListState>
      {(query.data?.total ?? 0) > PAGE_SIZE.inquiries && <Pagination page={page} total={query.data!.total} perPage={PAGE_SIZE.inquiries} onChange={setPage} />}
    </div>
  );
}
