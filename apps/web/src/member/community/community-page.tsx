import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useMember } from '../session.tsx';
import './community.css';

const LINKS = [
  { to: '/board/notice', key: 'notice' },
  { to: '/board/event', key: 'event' },
  { to: '/board/freeboard', key: 'freeboard' },
  { to: '/board/game-rule', key: 'gameRule' },
  { to: '/board/message', key: 'message' },
  { to: '/board/customer', key: 'customer' },
] as const;

/** The board tabs over every community screen, with the unread badges; `current` marks one for /board/view. */
export function CommunitySubnav({ current }: { current?: string }) {
  const { t } = useTranslation();
  const { context } = useMember();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const badges: Partial<Record<(typeof LINKS)[number]['key'], number>> = {
    message: context?.unread_message_total ?? 0,
    customer: context?.unread_reply_total ?? 0,
  };

  // On a phone the strip scrolls: bring the current tab into view.
  useEffect(() => {
    const center = () => {
      const el = nav.current;
      const active = el?.querySelector<HTMLElement>('.active');
      if (el && active) el.scrollLeft = active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2;
    };
    center();
    window.addEventListener('resize', center);
    return () => window.removeEventListener('resize', center);
  }, [pathname, current]);

  return (
    <nav className="c-subnav" ref={nav} aria-label={t('community.title')}>
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className={({ isActive }) => (isActive || current === l.to ? 'c-subnav-link active' : 'c-subnav-link')}>
          {t(`member.pages.${l.key}`)}
          {(badges[l.key] ?? 0) > 0 && <span className="c-pill">{badges[l.key]}</span>}
        </NavLink>
      ))}
    </nav>
  );
}

/** Frame of every community list screen: the board tabs, the title, the body. */
export function CommunityPage({ title, actions, testId, children }: { title: string; actions?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <section className="ui-page-block c-page" data-testid={testId}>
      <CommunitySubnav />
      <header className="c-page-head">
        <h1 className="ui-page-title">{title}</h1>
        {actions && <div className="c-page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
