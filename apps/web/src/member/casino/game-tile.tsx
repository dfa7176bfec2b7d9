import { useTranslation } from 'react-i18next';
import { openGame } from './launch.ts';

type Game = { code: string; name: string; thumbnail: string; type: 'casino' | 'slot' };

/** One game: its thumbnail and name; a click opens it in the game window. */
export function GameTile({
  lobbyId,
  product,
  game,
  busy,
  setBusy,
}: {
  lobbyId: number;
  product: string;
  game: Game;
  busy: boolean;
  setBusy: (b: boolean) => void;
}) {
  const { t } = useTranslation();
  const open = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await openGame({ lobbyId, product, game: game.code }, t('casino.lobby.openFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="cz-tile"
      onClick={() => void open()}
      disabled={busy}
      data-testid={`casino-game-${game.code}`}
      aria-label={t('casino.lobby.play', { name: game.name })}
    >
      <img className="cz-thumb" src={game.thumbnail} alt="" loading="lazy" />
      <span className="cz-tile-name">{game.name}</span>
      <span className="cz-tile-play">{t('casino.lobby.playShort')}</span>
    </button>
  );
}
