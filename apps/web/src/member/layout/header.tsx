import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { showConfirm } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { LanguageSelect } from '../../ui/language-select.tsx';
import { authModal } from '../login-store.ts';
import { useShellSlots } from './shell-slots.tsx';
import { useMember } from '../session.tsx';
import { hasPartnerLink } from '../shell-rules.ts';
import { gameNav } from '../shared/nav-items.ts';
import { NoticeTicker } from './notice-ticker.tsx';

export function useLogoutWithConfirm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    if (await showConfirm(t('auth.logoutConfirm'))) await navigate('/logout');
  };
}

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const { context, user, isLoggedIn } = useMember();
  const slots = useShellSlots();
  const logout = useLogoutWithConfirm();

  return (
    <header className="m-header">
      <div className={isLoggedIn ? 'm-topbar' : 'm-topbar is-guest'}>
        <button type="button" className="m-burger" aria-label={t('member.header.openMenu')} onClick={onOpenMenu}>
          <Icon name="menu" size={22} />
        </button>
        <Link to="/" className="m-logo" aria-label={t('brand.name')}>
          <span className="m-logo-mark">W</span>
          <span className="m-logo-text">{t('brand.name')}</span>
        </Link>
        <nav className="m-mainnav">
          {gameNav(t, context).map((item) => (
            <NavLink key={item.to} to={item.to} className="m-mainnav-link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={isLoggedIn ? 'm-account is-user' : 'm-account'}>
          {isLoggedIn && user ? (
            <>
              <button type="button" className="m-profile-btn" data-testid="header-profile" aria-label={t('money.profile.open')} onClick={slots.openProfile}>
                <span className="m-level" data-testid="header-level">
                  {t('member.header.level', { level: user.level })}
                </span>
                <span className="m-nickname" data-testid="header-nickname">
                  {user.nickname}
                </span>
              </button>
              <span className="m-wallet">
                <span className="m-wallet-label">{t('member.header.money')}</span>
                <b className="m-money" data-testid="header-money">
                  {formatMoney(user.money, i18n.language)}
                </b>
              </span>
              <Link to="/board/point" className="m-wallet m-wallet-point" data-testid="header-point">
                <span className="m-wallet-label">{t('member.header.point')}</span>
                <b>{formatPoints(user.point, i18n.language)}</b>
              </Link>
              {hasPartnerLink(user) && (
                <a className="m-chip" href="/pa" target="_blank" rel="noopener" data-testid="header-partner">
                  {t('member.header.partnerPage')}
                  <Icon name="external" size={13} />
                </a>
              )}
              <button
                type="button"
                className="m-chip m-chip-ghost bh-header-chip"
                data-testid="header-bet-history"
                aria-label={t('betting.openHistory')}
                title={t('betting.title')}
                onClick={() => slots.openBettingHistory(isLoggedIn)}
              >
                <Icon name="chart" size={14} />
                <span>{t('betting.title')}</span>
              </button>
              <button type="button" className="m-chip m-chip-ghost" data-testid="header-logout" onClick={logout}>
                <Icon name="logout" size={14} />
                <span>{t('auth.logout')}</span>
              </button>
            </>
          ) : (
            <>
              <button type="button" className="ui-btn ui-btn-primary m-btn-sm" data-testid="header-login" onClick={() => authModal.openLogin()}>
                {t('auth.login')}
              </button>
              {context?.use_user_join && (
                <button type="button" className="ui-btn m-btn-sm" data-testid="header-join" onClick={authModal.openJoin}>
                  {t('auth.join')}
                </button>
              )}
            </>
          )}
        </div>
        {isLoggedIn && slots.messageLink}
        <LanguageSelect className="m-lang" />
      </div>
      <NoticeTicker notices={context?.notices ?? []} />
      {slots.modalHosts}
    </header>
  );
}
