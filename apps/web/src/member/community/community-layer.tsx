import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MEMBER_UNREAD_TARGETS } from '../../lib/unread-gate.ts';
import { UnreadWatcher } from '../../ui/unread-watcher.tsx';
import { useMember } from '../session.tsx';
import { PostCreateModal } from './board/post-create-modal.tsx';
import { communityModal, useCommunityModal } from './community-store.ts';
import { InquiryCreateModal } from './inquiries/inquiry-create-modal.tsx';
import { CommunityModal } from './layer/community-modal.tsx';
import { PopupLayer } from './layer/popup-layer.tsx';
import './community.css';

/**
 * Everything the community area adds to the member shell: pop-ups (home page), the unread
 * watcher (logged in) and the community, inquiry and post modals.
 *
 * Pop-ups show on the home page only: elsewhere they would cover the screen the player
 * opened on purpose (a charge form, a bet slip) every time the 60-minute hide runs out.
 */
export function CommunityLayer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { context, isLoggedIn } = useMember();
  const { tab, form } = useCommunityModal();
  return (
    <>
      {pathname === '/' && context && context.popups.length > 0 && <PopupLayer popups={context.popups} />}
      {isLoggedIn && (
        <UnreadWatcher
          messages={context?.unread_message_total ?? 0}
          replies={context?.unread_reply_total ?? 0}
          targets={MEMBER_UNREAD_TARGETS}
          texts={{ message: t('community.unread.message'), reply: t('community.unread.reply') }}
        />
      )}
      {isLoggedIn && tab && <CommunityModal tab={tab} />}
      {isLoggedIn && form?.kind === 'inquiry' && <InquiryCreateModal initialSubject={form.subject} onClose={communityModal.closeForm} />}
      {isLoggedIn && form?.kind === 'post' && <PostCreateModal onClose={communityModal.closeForm} />}
    </>
  );
}
