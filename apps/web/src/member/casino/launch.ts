import { showAlert } from '../../ui/dialog.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { closeCasinoSession, requestLobbyUrl } from './queries.ts';

export const isMobileDevice = () => /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) || window.innerWidth < 768;

const POPUP_FEATURES = 'width=1280,height=800,resizable=yes,scrollbars=no';

/**
 * Opens a game (spec §7): the popup is opened on the click itself (so no blocker stops it) and
 * pointed at the vendor URL once the server answers; on a phone the game takes this tab. While
 * the popup is open the lobby watches it, and when it closes the session is closed (a
 * switching wallet comes home).
 */
export async function openGame(g: { lobbyId: number; product: string; game?: string }, onFailTitle: string) {
  const mobile = isMobileDevice();
  const popup = mobile ? null : window.open('about:blank', 'casino-game', POPUP_FEATURES);
  const answer = await requestLobbyUrl({ id: g.lobbyId, isMobile: mobile, product: g.product, game: g.game });
  if (!answer.result) {
    popup?.close();
    await showAlert(errorText(answer.error), onFailTitle);
    return null;
  }
  const url = new URL(answer.data.url, window.location.origin).href;
  const token = new URL(url).searchParams.get('token');
  if (!popup) {
    window.location.assign(url);
    return url;
  }
  popup.location.href = url;
  popup.focus();
  if (token) watchClose(popup, token);
  return url;
}

function watchClose(popup: Window, token: string) {
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    void closeCasinoSession(token);
  }, 1000);
}
