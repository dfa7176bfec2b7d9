import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemContext } from '@wager/contracts';
import { readLocal, writeLocal } from '../../../lib/storage.ts';
import { RichHtml } from '../../../ui/rich-text/rich-html.tsx';
import { hidePopup, parseHiddenPopups, POPUP_HIDDEN_KEY, visiblePopups, type PopupHideMode } from '../lib/popup-hide.ts';

type Popup = SystemContext['popups'][number];

/**
 * Spec §2/§4 pop-ups from the context (the server already picks guest or member ones):
 * "close" hides one for 60 minutes, "don't show today" until midnight, kept in localStorage.
 * They float over the page body, never the header, so the login button stays reachable.
 */
export function PopupLayer({ popups }: { popups: Popup[] }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => parseHiddenPopups(readLocal(POPUP_HIDDEN_KEY)));
  const shown = visiblePopups(popups, hidden, new Date());
  if (shown.length === 0) return null;

  const hide = (id: number, mode: PopupHideMode) => {
    const next = hidePopup(parseHiddenPopups(readLocal(POPUP_HIDDEN_KEY)), id, mode, new Date());
    writeLocal(POPUP_HIDDEN_KEY, JSON.stringify(next));
    setHidden(next);
  };

  return (
    <div className="c-popups" data-testid="popup-layer">
      {shown.map((p, i) => (
        <section key={p.id} className="c-popup" style={{ zIndex: shown.length - i }} role="dialog" aria-label={p.name} data-testid="popup" data-id={p.id}>
          <header className="c-popup-head">
            <h2>{p.name}</h2>
            <button type="button" className="ui-modal-close" aria-label={t('common.close')} onClick={() => hide(p.id, 'close')}>
              ×
            </button>
          </header>
          <div className="c-popup-body">
            {p.image_src && <img className="c-popup-img" src={p.image_src} alt="" />}
            {p.content && <RichHtml html={p.content} />}
          </div>
          <footer className="c-popup-foot">
            <button type="button" className="c-popup-today" data-testid="popup-today" onClick={() => hide(p.id, 'today')}>
              {t('community.popup.hideToday')}
            </button>
            <button type="button" className="c-popup-close" data-testid="popup-close" onClick={() => hide(p.id, 'close')}>
              {t('common.close')}
            </button>
          </footer>
        </section>
      ))}
    </div>
  );
}
