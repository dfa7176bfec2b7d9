import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommunityPage } from './community-page.tsx';
import { communityModal } from './community-store.ts';
import { InquiryBox } from './inquiries/inquiry-box.tsx';
import { MessageBox } from './messages/message-box.tsx';
import { PostList } from './board/post-list.tsx';

/** Spec §2 /board/message. */
export function MessagePage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t('member.pages.message')} testId="message-page">
      <MessageBox />
    </CommunityPage>
  );
}

/** Spec §2 /board/customer (the inquiry box, "customer centre"). */
export function CustomerPage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t('member.pages.customer')} testId="customer-page">
      <p className="c-lead">{t('community.inquiry.lead')}</p>
      <InquiryBox />
    </CommunityPage>
  );
}

export function NoticePage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t('member.pages.notice')} testId="notice-page">
      <PostList type="notice" />
    </CommunityPage>
  );
}

export function EventPage() {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t('member.pages.event')} testId="event-page">
      <PostList type="event" />
    </CommunityPage>
  );
}

/** `gameRules`: the mini-game rules under the posts, placed by the member routes (features do not import each other). */
export function RulePage({ gameRules }: { gameRules: ReactNode }) {
  const { t } = useTranslation();
  return (
    <CommunityPage title={t('member.pages.gameRule')} testId="rule-page">
      <PostList type="rule" />
      {gameRules}
    </CommunityPage>
  );
}

export function FreeBoardPage() {
  const { t } = useTranslation();
  return (
    <CommunityPage
      title={t('member.pages.freeboard')}
      testId="freeboard-page"
      actions={
        <button type="button" className="ui-btn ui-btn-primary m-btn-sm" data-testid="post-write" onClick={() => communityModal.openPost()}>
          {t('community.post.write')}
        </button>
      }
    >
      <PostList type="free" />
    </CommunityPage>
  );
}
