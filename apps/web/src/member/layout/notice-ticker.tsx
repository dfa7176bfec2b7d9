import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SystemContext } from '@wager/contracts';
import { Icon } from '../../ui/icons.tsx';

/** Readable marquee speed; the whole strip takes longer the more text it carries. */
const PIXELS_PER_SECOND = 70;
const APPROX_CHAR_PX = 13;

/** Spec §2: the header's scrolling notice line; a click opens /board/notice. */
export function NoticeTicker({ notices }: { notices: SystemContext['notices'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = notices.map((n) => n.subject).join('   ·   ');
  const seconds = Math.max(12, Math.round(((text.length + 40) * APPROX_CHAR_PX) / PIXELS_PER_SECOND));

  return (
    <button type="button" className="m-ticker" data-testid="notice-ticker" onClick={() => navigate('/board/notice')}>
      <span className="m-ticker-label">
        <Icon name="megaphone" size={14} />
        {t('member.header.noticeLabel')}
      </span>
      <span className="m-ticker-track">
        {text ? (
          <span className="m-ticker-text" style={{ animationDuration: `${seconds}s` }}>
            {text}
          </span>
        ) : (
          <span className="m-ticker-static">{t('member.header.noNotice')}</span>
        )}
      </span>
    </button>
  );
}
