import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons.tsx';
import { communityModal } from './community-store.ts';
import './community.css';

/** Spec §2 /board/friend; §6: referral codes are issued only through customer service. */
export function FriendPage() {
  const { t } = useTranslation();
  const steps = [t('community.friend.step1'), t('community.friend.step2'), t('community.friend.step3')];
  return (
    <section className="ui-page-block c-page" data-testid="friend-page">
      <h1 className="ui-page-title">{t('member.pages.friend')}</h1>
      <div className="c-panel c-friend">
        <div className="c-friend-icon" aria-hidden="true">
          <Icon name="headset" size={30} />
        </div>
        <h2>{t('community.friend.headline')}</h2>
        <p data-testid="friend-only-cs">{t('community.friend.onlyCs')}</p>
        <ol className="c-steps">
          {steps.map((s, i) => (
            <li key={i}>
              <span className="c-step-no">{i + 1}</span>
              <span>{s}</span>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="ui-btn ui-btn-primary"
          data-testid="friend-inquiry"
          onClick={() => communityModal.openInquiry(t('community.friend.inquirySubject'))}
        >
          {t('community.friend.askButton')}
        </button>
      </div>
    </section>
  );
}
