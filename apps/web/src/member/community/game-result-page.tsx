import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../session.tsx';
import './community.css';

type MinigameTab = 'powerball' | 'powerladder' | 'kenoladder' | 'speedkeno';
type ResultTab = 'sports' | MinigameTab;

/**
 * Spec §2 /board/game-result. Each tab is another feature's board, placed by the member routes
 * (features do not import each other): `sportsResults` the settled fixtures with their scores
 * and market results (decision 046), `minigameResults` the rounds drawn.
 */
export function GameResultPage({ sportsResults, minigameResults }: { sportsResults: () => ReactNode; minigameResults: (group: MinigameTab) => ReactNode }) {
  const { t } = useTranslation();
  const { context } = useMember();
  const tabs: ResultTab[] = [
    ...(context?.use_sports !== false ? (['sports'] as const) : []),
    ...(context?.use_minigame !== false ? (['powerball', 'powerladder', 'kenoladder', 'speedkeno'] as const) : []),
  ];
  const [tab, setTab] = useState<ResultTab>(tabs[0] ?? 'sports');

  return (
    <section className="ui-page-block c-page" data-testid="game-result-page">
      <h1 className="ui-page-title">{t('member.pages.gameResult')}</h1>
      <div className="c-tabs" role="tablist">
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? 'c-tab is-on' : 'c-tab'}
            data-testid={`game-result-tab-${key}`}
            onClick={() => setTab(key)}
          >
            {t(`community.result.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'sports' ? sportsResults() : minigameResults(tab)}
    </section>
  );
}
