import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinigameKey } from '@wager/contracts';
import { Loading } from '../../ui/states.tsx';
import { GAME_PAGES } from './games.ts';
import { HistoryTable } from './history-table.tsx';
import { gameLabel } from './labels.ts';
import { useGameInfo } from './queries.ts';
import './minigames.css';

export type ResultGroup = 'powerball' | 'powerladder' | 'kenoladder' | 'speedkeno';

/** The games each /board/game-result tab covers: every Powerball variant under one tab, one game for the others. */
const GROUPS: Record<ResultGroup, MinigameKey[]> = {
  powerball: [...GAME_PAGES.filter((p) => p.path.startsWith('/game/powerball/')).map((p) => p.game)],
  powerladder: ['ntry_powerladder'],
  kenoladder: ['ntry_kenoladder'],
  speedkeno: ['ntry_speedkeno'],
};

/** Recent mini-game results for the game-result board (spec §2 /board/game-result). */
export function MinigameResults({ group }: { group: ResultGroup }) {
  const { t, i18n } = useTranslation();
  const games = GROUPS[group];
  const [game, setGame] = useState<MinigameKey>(games[0]);
  const shown = games.includes(game) ? game : games[0];
  const info = useGameInfo(shown).data?.games.find((g) => g.key === shown);
  return (
    <div className="mg-results" data-testid="minigame-results" data-game={shown}>
      {games.length > 1 && (
        <select
          className="ui-input mg-select"
          value={shown}
          data-testid="minigame-results-game"
          onChange={(e) => setGame(e.target.value as MinigameKey)}
          aria-label={t('minigames.title')}
        >
          {games.map((k) => (
            <option key={k} value={k}>
              {`${gameLabel(t, i18n, k)} · ${t(`minigames.board.${k.startsWith('bepick') ? 'bepick' : 'ntry'}`)}`}
            </option>
          ))}
        </select>
      )}
      {info ? <HistoryTable key={shown} game={shown} info={info} /> : <Loading />}
    </div>
  );
}
