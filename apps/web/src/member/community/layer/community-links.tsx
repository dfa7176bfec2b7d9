import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../../ui/icons.tsx';
import { authModal } from '../../login-store.ts';
import { useMember } from '../../session.tsx';
import { communityModal } from '../community-store.ts';

/**
 * Community entries for the side bar and the mobile menu: the community modal (spec §2),
 * message box and free board. Guests get the login modal (spec §2 menu items).
 */
export function CommunitySideLinks({ linkClass, iconSize, onNavigate }: { linkClass: string; iconSize?: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { context, isLoggedIn } = useMember();
  const unread = (context?.unread_message_total ?? 0) + (context?.unread_reply_total ?? 0);
  return (
    <>
      <NavLink to="/board/message" className={linkClass} onClick={onNavigate}>
        <Icon name="mail" size={iconSize} />
        {t('community.nav.messages')}
        {isLoggedIn && (context?.unread_message_total ?? 0) > 0 && <span className="c-pill c-pill-end">{context?.unread_message_total}</span>}
      </NavLink>
      <NavLink to="/board/freeboard" className={linkClass} onClick={onNavigate}>
        <Icon name="board" size={iconSize} />
        {t('community.nav.freeboard')}
      </NavLink>
      <button
        type="button"
        className={`${linkClass} c-link-btn`}
        data-testid="open-community"
        onClick={() => {
          onNavigate?.();
          if (isLoggedIn) communityModal.openCommunity(unread > 0 && (context?.unread_message_total ?? 0) === 0 ? 'inquiry' : 'message');
          else authModal.openLogin();
        }}
      >
        <Icon name="user" size={iconSize} />
        {t('community.nav.open')}
      </button>
    </>
  );
}
