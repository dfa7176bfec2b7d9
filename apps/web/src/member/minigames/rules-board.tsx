import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinigameKey } from '@wager/contracts';
import { MINIGAME_KEYS } from '@wager/contracts/constants';
import { Loading } from '../../ui/states.tsx';
import { useMember } from '../session.tsx';
import { gameLabel } from './labels.ts';
import { useGameInfo } from './queries.ts';
import { RulesView } from './rules-view.tsx';
import './minigames.css';

/** Mini-game rules on the betting-rule board (spec §2 /board/game-rule), from each game's rule data. */
export function MinigameRules() {
  const { t, i18n } = useTranslation();
  const { context } = useMember();
  const [game, setGame] = useState<MinigameKey>('ntry_eos1');
  const info = useGameInfo(game).data?.games.find((g) => g.key === game);
  if (context?.use_minigame === false) return null;
  return (
    <section className="mg-box mg-rules-board" data-testid="minigame-rules" data-game={game}>
      <div className="mg-rules-head">
        <h2 className="mg-box-title">{t('minigames.rules.title')}</h2>
        <select
          className="ui-input mg-select"
          value={game}
          data-testid="minigame-rules-game"
          onChange={(e) => setGame(e.target.value as MinigameKey)}
          aria-label={t('minigames.title')}
        >
          {MINIGAME_KEYS.map((k) => (
            <option key={k} value={k}>
              {`${gameLabel(t, i18n, k)} · ${t(`minigames.board.${k.startsWith('bepick') ? 'bepick' : k.startsWith('ntry') ? 'ntry' : 'house'}`)}`}
            </option>
          ))}
        </select>
      </div>
      {info ? <RulesView info={info} /> : <Loading />}
    </section>
  );
}
