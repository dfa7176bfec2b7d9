import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { clearToken } from '../api/tokens.ts';
import { formatMoney, formatPoints } from '../lib/money.ts';
import { isSoundOff, playNoticeSound, setSoundOff } from '../lib/sound.ts';
import { PARTNER_UNREAD_TARGETS } from '../lib/unread-gate.ts';
import { useScrolledPast } from '../ui/hooks.ts';
import { Icon } from '../ui/icons.tsx';
import { LanguageSelect } from '../ui/language-select.tsx';
import { UnreadWatcher } from '../ui/unread-watcher.tsx';
import { useAgent } from './agent-session.tsx';
import { isDarkMode, toggleDarkMode } from './preferences.ts';
import { roleLabel } from './role-label.ts';
import { SideMenu } from './side-menu.tsx';
import { useAgentLogout, useAgentTwoFactorStatus } from './queries.ts';

const MENU_OPEN_MIN_WIDTH = 458;
const SUMMARY_HIDE_SCROLL = 120;
const unreadClass = (count: number | undefined) => (count ? 'pa-link has-unread' : 'pa-link');

/**
 * Open by default when the viewport is wider than 458 px. The viewport meta (width=1024) is
 * applied after the first render on phones, so the default follows resizes until the agent
 * toggles the menu by hand.
 */
function useMenuDefault(): [boolean, (update: (open: boolean) => boolean) => void] {
  const [open, setOpen] = useState(() => window.innerWidth > MENU_OPEN_MIN_WIDTH);
  const touched = useRef(false);
  useEffect(() => {
    const onResize = () => {
      if (!touched.current) setOpen(window.innerWidth > MENU_OPEN_MIN_WIDTH);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const set = useCallback((update: (open: boolean) => boolean) => {
    touched.current = true;
    setOpen(update);
  }, []);
  return [open, set];
}

/** Spec §2 partner layout: side menu 280 px (50 px narrow), header theme A/B, summary table. */
export function PartnerLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const logoutCall = useAgentLogout();
  const { agent } = useAgent();
  // Decision 050: the set-up page is linked while the setting lets agents enrol (or one has).
  const twoFactor = useAgentTwoFactorStatus(true);
  const [menuOpen, setMenuOpen] = useMenuDefault();
  const [soundOff, setSoundOffState] = useState(isSoundOff);
  const scrolled = useScrolledPast(SUMMARY_HIDE_SCROLL);
  const theme = agent?.agent_theme ?? 'A';

  const toggleSound = () => {
    setSoundOff(!soundOff);
    setSoundOffState(!soundOff);
    if (soundOff) playNoticeSound(); // turning it on lets the agent hear what a new note sounds like
  };

  const logout = async () => {
    await logoutCall.mutateAsync(undefined);
    clearToken('agent');
    await navigate('/pa-login', { replace: true });
  };

  return (
    <div className={`pa-app pa-theme-${theme} ${menuOpen ? 'menu-open' : 'menu-narrow'}`}>
      <aside className="pa-side">
        <div className="pa-brand">
          <span className="pa-brand-mark">W</span>
          {menuOpen && <span>{t('partner.title')}</span>}
        </div>
        <SideMenu narrow={!menuOpen} onExpand={() => setMenuOpen(() => true)} />
      </aside>
      <div className="pa-content">
        <header className="pa-header" data-testid="pa-header">
          <button type="button" className="pa-icon-btn" aria-label={t('partner.toggleMenu')} onClick={() => setMenuOpen((v) => !v)}>
            <Icon name="menu" />
          </button>
          <div className="pa-header-who">
            {agent && (
              <>
                <span className="pa-role-badge">{roleLabel(t, agent.role)}</span>
                <strong>{agent.nickname}</strong>
                <span className="pa-muted">({agent.account})</span>
              </>
            )}
          </div>
          <div className="pa-header-tools">
            <button
              type="button"
              className="pa-tool"
              data-testid="pa-darkmode"
              title={t('partner.darkMode')}
              aria-pressed={isDarkMode()}
              onClick={toggleDarkMode}
            >
              <Icon name="moon" size={16} />
              <span>{t('partner.darkMode')}</span>
            </button>
            <button
              type="button"
              className="pa-tool"
              data-testid="pa-sound"
              title={soundOff ? t('partner.soundOff') : t('partner.soundOn')}
              aria-pressed={!soundOff}
              onClick={toggleSound}
            >
              <Icon name={soundOff ? 'mute' : 'sound'} size={16} />
              <span>{soundOff ? t('partner.soundOff') : t('partner.soundOn')}</span>
            </button>
            <button type="button" className="pa-tool" data-testid="pa-go-user" title={t('partner.goUserPage')} onClick={() => window.location.assign('/')}>
              <Icon name="external" size={16} />
              <span>{t('partner.goUserPage')}</span>
            </button>
            {(twoFactor.data?.allowed || twoFactor.data?.enabled) && (
              <button type="button" className="pa-tool" data-testid="pa-two-factor-link" title={t('twoFactor.menu')} onClick={() => navigate('/pa-two-factor')}>
                <Icon name="shield" size={16} />
                <span>{t('twoFactor.menu')}</span>
              </button>
            )}
            <LanguageSelect className="pa-lang" />
            <button type="button" className="pa-tool pa-tool-danger" data-testid="pa-logout" title={t('auth.logout')} onClick={logout}>
              <Icon name="logout" size={16} />
              <span>{t('auth.logout')}</span>
            </button>
          </div>
        </header>
        <table className={scrolled ? 'pa-summary is-hidden' : 'pa-summary'} data-testid="pa-summary">
          <tbody>
            <tr>
              <th>{t('partner.money')}</th>
              <td>{agent ? formatMoney(agent.money, i18n.language) : '-'}</td>
              <th>{t('partner.point')}</th>
              <td>{agent ? formatPoints(agent.point, i18n.language) : '-'}</td>
              <th>{t('partner.newMessages')}</th>
              <td>
                <button
                  type="button"
                  className={unreadClass(agent?.new_message_total)}
                  data-testid="pa-summary-messages"
                  onClick={() => navigate('/pa-message')}
                >
                  {agent?.new_message_total ?? 0}
                </button>
              </td>
              <th>{t('partnerBoard.summary.replies')}</th>
              <td>
                <button
                  type="button"
                  className={unreadClass(agent?.unread_reply_total)}
                  data-testid="pa-summary-replies"
                  onClick={() => navigate('/pa-customer')}
                >
                  {agent?.unread_reply_total ?? 0}
                </button>
              </td>
            </tr>
          </tbody>
        </table>
        <main className="pa-main">
          <Outlet />
        </main>
        {agent && (
          <UnreadWatcher
            messages={agent.new_message_total}
            replies={agent.unread_reply_total}
            targets={PARTNER_UNREAD_TARGETS}
            texts={{ message: t('community.unread.message'), reply: t('community.unread.reply') }}
          />
        )}
      </div>
    </div>
  );
}
