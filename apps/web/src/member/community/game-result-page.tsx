import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../session.tsx';
import './community.css';

type MinigameTab = 'powerball' | 'powerladder' | 'kenoladder' | 'speedkeno';
type ResultTab = 'sports' | MinigameTab;

/**
 * Spec §2 /board/game-result. Mini-game tabs show the rounds drawn (`minigameResults`, the
 * minigames feature's board, placed by the member routes); the sports tab shows the spec §8 empty
 * text ("no recent results") until sports publish results.
 */
export function GameResultPage({ minigameResults }: { minigameResults: (group: MinigameTab) => ReactNode }) {
  const { t } = useTranslation();
  const { context } = useMember();
  const tabs: ResultTab[] = [
    ...(context?.use_sports !== false ? (['sports'] as const) : []),
    ...(context?.use_minigame !== false ? (['powerball', 'powerladder', 'kenoladder', 'speedkeno'] as const) : []),
  ];
  const [tab, setTab] = useState<ResultTab>(tabs[0] ?? 'sports');
  const columns = tab === 'sports' ? (['time', 'league', 'match', 'score'] as const) : (['round', 'time', 'result'] as const);

  return (
    <section className="ui-page-block c-page" data-testid="game-result-page">
      <h1 className="ui-page-title">{t('member.pages.gameResult')}</h1>
      <div className="c-tabs" role="tablist">
        {tabs.map((key) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className={tab === key ? 'c-tab is-on' : 'c-tab'} onClick={() => setTab(key)}>
            {t(`community.result.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab !== 'sports' ? (
        minigameResults(tab)
      ) : (
        <div className="c-table c-result-table" role="table" data-testid="game-result-table">
          <div className="c-thead" role="row">
            {columns.map((c) => (
              <span key={c} role="columnheader">
                {t(`community.result.columns.${c}`)}
              </span>
            ))}
          </div>
          <div className="c-state" data-testid="list-empty">
            {t('community.result.empty')}
          </div>
        </div>
      )}
    </section>
  );
}
