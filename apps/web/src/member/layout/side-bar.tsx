import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { useShellSlots } from './shell-slots.tsx';
import { useMember } from '../session.tsx';

/** Spec §2 side bar: live casino (use_casino), slots (use_slot), notices and events. */
export function SideBar() {
  const { t } = useTranslation();
  const { context } = useMember();
  const { sideLinks } = useShellSlots();
  const notices = (context?.notices ?? []).slice(0, 5);

  return (
    <aside className="m-side" data-testid="side-bar">
      {(context?.use_casino || context?.use_slot) && (
        <div className="m-side-block">
          <h3 className="m-side-title">{t('member.side.games')}</h3>
          {context?.use_casino && (
            <NavLink to="/game/casino" className="m-side-tile m-tile-casino" data-testid="side-casino">
              <Icon name="casino" size={22} />
              <span>{t('member.nav.casino')}</span>
            </NavLink>
          )}
          {context?.use_slot && (
            <NavLink to="/game/slot" className="m-side-tile m-tile-slot" data-testid="side-slot">
              <Icon name="slot" size={22} />
              <span>{t('member.nav.slot')}</span>
            </NavLink>
          )}
        </div>
      )}
      <div className="m-side-block">
        <h3 className="m-side-title">{t('member.side.community')}</h3>
        <NavLink to="/board/notice" className="m-side-link" data-testid="side-notice">
          <Icon name="megaphone" size={16} />
          {t('member.nav.notice')}
        </NavLink>
        <NavLink to="/board/event" className="m-side-link" data-testid="side-event">
          <Icon name="gift" size={16} />
          {t('member.nav.event')}
        </NavLink>
        <NavLink to="/board/attendance" className="m-side-link" data-testid="side-attendance">
          <Icon name="calendar" size={16} />
          {t('member.nav.attendance')}
        </NavLink>
        <NavLink to="/board/customer" className="m-side-link">
          <Icon name="headset" size={16} />
          {t('member.nav.customer')}
        </NavLink>
        <NavLink to="/board/game-rule" className="m-side-link">
          <Icon name="board" size={16} />
          {t('member.nav.gameRule')}
        </NavLink>
        {sideLinks({ linkClass: 'm-side-link', iconSize: 16 })}
      </div>
      {notices.length > 0 && (
        <div className="m-side-block">
          <h3 className="m-side-title">{t('member.home.notices')}</h3>
          <ul className="m-side-list">
            {notices.map((n) => (
              <li key={n.id}>
                <Link to="/board/notice">{n.subject}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
