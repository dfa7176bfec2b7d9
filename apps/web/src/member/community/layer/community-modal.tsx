import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal.tsx';
import { useMember } from '../../session.tsx';
import { PostList } from '../board/post-list.tsx';
import { communityModal, type CommunityTab } from '../community-store.ts';
import { InquiryBox } from '../inquiries/inquiry-box.tsx';
import { MessageBox } from '../messages/message-box.tsx';

const TABS: { key: CommunityTab; label: 'message' | 'notice' | 'event' | 'customer' | 'freeboard' }[] = [
  { key: 'message', label: 'message' },
  { key: 'notice', label: 'notice' },
  { key: 'event', label: 'event' },
  { key: 'inquiry', label: 'customer' },
  { key: 'board', label: 'freeboard' },
];

/** Spec §2 community modal: message box, notice, event, inquiry and board as tabs. */
export function CommunityModal({ tab }: { tab: CommunityTab }) {
  const { t } = useTranslation();
  const { context } = useMember();
  const badge: Partial<Record<CommunityTab, number>> = {
    message: context?.unread_message_total ?? 0,
    inquiry: context?.unread_reply_total ?? 0,
  };
  const close = communityModal.closeCommunity;

  return (
    <Modal title={t('community.modal.title')} onClose={close} testId="community-modal" wide>
      <div className="c-modal-xl">
        <div className="c-tabs" role="tablist">
          {TABS.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={tab === item.key}
              data-testid={`community-tab-${item.key}`}
              className={tab === item.key ? 'c-tab is-on' : 'c-tab'}
              onClick={() => communityModal.openCommunity(item.key)}
            >
              {t(`member.pages.${item.label}`)}
              {(badge[item.key] ?? 0) > 0 && <span className="c-pill">{badge[item.key]}</span>}
            </button>
          ))}
        </div>
        <div className="c-modal-pane" role="tabpanel">
          {tab === 'message' && <MessageBox />}
          {tab === 'notice' && <PostList type="notice" onNavigate={close} />}
          {tab === 'event' && <PostList type="event" onNavigate={close} />}
          {tab === 'inquiry' && <InquiryBox />}
          {tab === 'board' && (
            <>
              <div className="c-actions">
                <button type="button" className="ui-btn ui-btn-primary m-btn-sm" onClick={() => communityModal.openPost()}>
                  {t('community.post.write')}
                </button>
              </div>
              <PostList type="free" onNavigate={close} />
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
