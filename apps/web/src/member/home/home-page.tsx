import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { gameNav } from '../shared/nav-items.ts';
import { useMember } from '../session.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { Clock } from './clock.tsx';
import { formatDate } from '../../lib/date.ts';

/** `sports`: the sports block (live now, starting soon, match search) the member root hands in. */
export function HomePage({ sports }: { sports?: ReactNode }) {
  const { t } = useTranslation();
  const { context } = useMember();
  const banners = context?.banners ?? [];
  const notices = (context?.notices ?? []).slice(0, 6);
  const events = (context?.events ?? []).slice(0, 6);
  const money: { to: string; label: string; icon: IconName }[] = [
    { to: '/board/money-deposit', label: t('member.nav.deposit'), icon: 'deposit' },
    { to: '/board/money-withdraw', label: t('member.nav.withdraw'), icon: 'withdraw' },
    { to: '/board/point', label: t('member.nav.point'), icon: 'coin' },
    { to: '/board/betting-history', label: t('member.nav.betHistory'), icon: 'chart' },
  ];

  return (
    <div className="m-home" data-testid="home-page">
      {banners.length > 0 ? (
        <BannerCarousel banners={banners} />
      ) : (
        <section className="m-hero">
          <p className="m-hero-kicker">{t('brand.tagline')}</p>
          <h1>{t('member.home.welcome')}</h1>
          <p className="m-hero-sub">{t('member.home.welcomeSub')}</p>
        </section>
      )}
      <Clock serverTime={context?.server_time} />
      {sports}

      <section className="m-section">
        <h2 className="m-section-title">{t('member.home.quick')}</h2>
        <div className="m-tiles">
          {gameNav(t, context).map((item) => (
            <Link key={item.to} to={item.to} className={`m-tile m-tile-${item.icon}`}>
              <Icon name={item.icon} size={26} />
              <span>{item.label}</span>
            </Link>
          ))}
          {money.map((item) => (
            <Link key={item.to} to={item.to} className="m-tile m-tile-plain">
              <Icon name={item.icon} size={22} />
              <span>{item.label}</span>
            </Link>
          ))}
        </div>
      </section>

      <div className="m-home-lists">
        <section className="m-card">
          <header className="m-card-head">
            <h2>{t('member.home.notices')}</h2>
            <Link to="/board/notice">{t('member.home.more')}</Link>
          </header>
          <ul className="m-list">
            {notices.length === 0 && <li className="m-list-empty">{t('common.empty')}</li>}
            {notices.map((n) => (
              <li key={n.id} data-testid="home-notice">
                <Link to="/board/notice">{n.subject}</Link>
                <time>{formatDate(n.created_at)}</time>
              </li>
            ))}
          </ul>
        </section>
        <section className="m-card">
          <header className="m-card-head">
            <h2>{t('member.home.events')}</h2>
            <Link to="/board/event">{t('member.home.more')}</Link>
          </header>
          {events.length === 0 ? (
            <p className="m-list-empty">{t('common.empty')}</p>
          ) : (
            <div className="m-events">
              {events.map((ev) => (
                <Link key={ev.id} to="/board/event" className="m-event">
                  {ev.thumbnail ? <img src={ev.thumbnail} alt="" loading="lazy" /> : <span className="m-event-blank" />}
                  <span className="m-event-title">{ev.subject}</span>
                </Link>
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
