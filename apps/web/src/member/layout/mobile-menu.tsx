import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { LanguageSelect } from '../../ui/language-select.tsx';
import { authModal } from '../login-store.ts';
import { useShellSlots } from './shell-slots.tsx';
import { useMember } from '../session.tsx';
import { useLogoutWithConfirm } from './header.tsx';
import { gameNav } from '../shared/nav-items.ts';

/** Spec §2 mobile side menu: casino, slots, and logout when logged in (plus the game families). */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { context, isLoggedIn } = useMember();
  const slots = useShellSlots();
  const logout = useLogoutWithConfirm();

  return (
    <div className="m-drawer-wrap" role="presentation" onClick={onClose}>
      <nav className="m-drawer" data-testid="mobile-menu" onClick={(e) => e.stopPropagation()}>
        <div className="m-drawer-head">
          <span className="m-logo-text">{t('brand.name')}</span>
          <button type="button" className="ui-modal-close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {isLoggedIn && (
          <button
            type="button"
            className="m-drawer-link"
            data-testid="mobile-profile"
            onClick={() => {
              onClose();
              slots.openProfile();
            }}
          >
            <Icon name="user" />
            {t('money.profile.title')}
          </button>
        )}
        {gameNav(t, context).map((item) => (
          <NavLink key={item.to} to={item.to} className="m-drawer-link" onClick={onClose}>
            <Icon name={item.icon} />
            {item.label}
          </NavLink>
        ))}
        <NavLink to="/board/notice" className="m-drawer-link" onClick={onClose}>
          <Icon name="megaphone" />
          {t('member.nav.notice')}
        </NavLink>
        <NavLink to="/board/event" className="m-drawer-link" onClick={onClose}>
          <Icon name="gift" />
          {t('member.nav.event')}
        </NavLink>
        <NavLink to="/board/attendance" className="m-drawer-link" data-testid="mobile-attendance" onClick={onClose}>
          <Icon name="calendar" />
          {t('member.nav.attendance')}
        </NavLink>
        {slots.sideLinks({ linkClass: 'm-drawer-link', onNavigate: onClose })}
        <div className="m-drawer-foot">
          <LanguageSelect />
          {isLoggedIn ? (
            <button
              type="button"
              className="ui-btn ui-btn-block"
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              {t('auth.logout')}
            </button>
          ) : (
            <button
              type="button"
              className="ui-btn ui-btn-primary ui-btn-block"
              onClick={() => {
                onClose();
                authModal.openLogin();
              }}
            >
              {t('auth.login')}
            </button>
          )}
        </div>
      </nav>
    </div>
  );
}
