import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SystemContext } from '@wager/contracts';
import { useInterval } from '../../ui/hooks.ts';

const ADVANCE_MS = 3000;
const MANUAL_PAUSE_MS = 5000;

/** Spec §9: advances every 3 s; a manual move pauses the rotation for 5 s. */
export function BannerCarousel({ banners }: { banners: SystemContext['banners'] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const pausedUntil = useRef(0);
  const count = banners.length;

  useInterval(
    () => {
      if (Date.now() >= pausedUntil.current) setIndex((i) => (i + 1) % count);
    },
    count > 1 ? ADVANCE_MS : null,
  );

  const move = useCallback(
    (to: number) => {
      pausedUntil.current = Date.now() + MANUAL_PAUSE_MS;
      setIndex(((to % count) + count) % count);
    },
    [count],
  );

  if (count === 0) return null;
  const current = index % count;
  return (
    <div className="m-carousel" data-testid="banner-carousel">
      <div className="m-carousel-track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((b) => {
          const img = <img src={b.image_src} alt={b.title} loading="lazy" />;
          return (
            <div className="m-carousel-slide" key={b.id}>
              {b.link?.startsWith('/') ? <Link to={b.link}>{img}</Link> : b.link ? <a href={b.link}>{img}</a> : img}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="m-carousel-arrow is-prev" aria-label={t('member.home.prevBanner')} onClick={() => move(current - 1)}>
            ‹
          </button>
          <button type="button" className="m-carousel-arrow is-next" aria-label={t('member.home.nextBanner')} onClick={() => move(current + 1)}>
            ›
          </button>
          <div className="m-carousel-dots">
            {banners.map((b, i) => (
              <button type="button" key={b.id} className={i === current ? 'is-active' : undefined} aria-label={b.title} onClick={() => move(i)} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
