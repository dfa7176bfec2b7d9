import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FixtureSummary } from '@wager/contracts';
import { queryErrorText } from '../../i18n/error-text.ts';
import { FixtureClock } from './list-parts.tsx';
import { useMatchSearch } from './queries.ts';
import './home-sports.css';

const SEARCH_DELAY_MS = 250;

/** Where a fixture opens: the in-play detail while it runs, else the European one. */
export const fixturePath = (f: Pick<FixtureSummary, 'id' | 'live'>) => (f.live ? `/game/inplay/${f.id}` : `/game/europe-sports/${f.id}`);

/** Finds open fixtures by team or league name in any language and opens the one picked. */
export function MatchSearch() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(q.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const query = useMatchSearch(term);
  const open = q.trim().length > 0;
  const fixtures = term.length >= 2 ? (query.data?.fixtures ?? null) : null;

  return (
    <div className="hs-search" role="search">
      <input
        type="search"
        className="hs-search-input"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setQ('')}
        placeholder={t('sports.search.placeholder')}
        aria-label={t('sports.search.label')}
        maxLength={50}
        data-testid="match-search"
      />
      {open && (
        <div className="hs-results" data-testid="match-search-results">
          {q.trim().length < 2 ? (
            <p className="hs-results-note">{t('sports.search.tooShort')}</p>
          ) : query.isError ? (
            <p className="hs-results-note" role="alert">
              {queryErrorText(query.error)}
            </p>
          ) : fixtures === null || term !== q.trim() ? (
            <p className="hs-results-note">{t('sports.search.searching')}</p>
          ) : fixtures.length === 0 ? (
            <p className="hs-results-note" data-testid="match-search-empty">
              {t('sports.search.none', { q: term })}
            </p>
          ) : (
            <ul className="hs-result-list">
              {fixtures.map((f) => (
                <li key={f.id}>
                  <Link to={fixturePath(f)} className="hs-result" data-testid="match-search-result" data-fixture-id={f.id} onClick={() => setQ('')}>
                    <FixtureClock fixture={f} />
                    <span className="hs-result-teams">
                      {f.home.name}
                      {f.live && f.score ? ` ${f.score.home} : ${f.score.away} ` : ` ${t('sports.vs')} `}
                      {f.away.name}
                    </span>
                    <span className="hs-result-league">{f.league.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
