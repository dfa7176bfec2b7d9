import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORTS, type FixtureResultRow, type SportCode } from '@wager/contracts';
import { formatShortDateTime } from '../../lib/date.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { marketLabel, periodLabel, pickLabel } from './labels.ts';
import { useSportsResults } from './queries.ts';
import './sports.css';

/**
 * The sports tab of /board/game-result (spec §2): settled fixtures, newest first, with the final
 * score, the score per period and each market's result, by sport and by day (decision 046).
 */
export function SportsResults() {
  const { t } = useTranslation();
  const [sport, setSport] = useState<SportCode | ''>('');
  const [day, setDay] = useState('');
  const [page, setPage] = useState(1);
  const query = useSportsResults({ sport: sport || undefined, day: day || undefined, skip: (page - 1) * 20 });
  const rows = query.data?.rows ?? [];

  return (
    <div className="sp-results" data-testid="sports-results">
      <div className="sp-results-filters">
        <select
          className="ui-input"
          aria-label={t('sports.results.sport')}
          data-testid="sports-results-sport"
          value={sport}
          onChange={(e) => (setSport(e.target.value as SportCode | ''), setPage(1))}
        >
          <option value="">{t('sports.allSports')}</option>
          {SPORTS.map((code) => (
            <option key={code} value={code}>
              {t(`sports.sportNames.${code}`)}
            </option>
          ))}
        </select>
        <input
          type="date"
          className="ui-input"
          aria-label={t('sports.results.day')}
          data-testid="sports-results-day"
          value={day}
          onChange={(e) => (setDay(e.target.value), setPage(1))}
        />
        {(sport || day) && (
          <button type="button" className="ui-btn" onClick={() => (setSport(''), setDay(''), setPage(1))}>
            {t('sports.results.clear')}
          </button>
        )}
      </div>
      <div className="sp-results-wrap">
        <table className="sp-results-table">
          <thead>
            <tr>
              <th>{t('sports.results.time')}</th>
              <th>{t('sports.results.league')}</th>
              <th>{t('sports.results.match')}</th>
              <th>{t('sports.results.score')}</th>
              <th>{t('sports.results.markets')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={5} className="sp-results-empty" data-testid="list-empty">
                  {query.isPending ? t('sports.results.loading') : query.isError ? t('sports.results.failed') : t('sports.results.empty')}
                </td>
              </tr>
            )}
            {rows.map((r) => (
              <ResultRow key={r.id} row={r} />
            ))}
          </tbody>
        </table>
      </div>
      {query.data && query.data.total > query.data.per_page && (
        <Pagination page={page} total={query.data.total} perPage={query.data.per_page} onChange={setPage} />
      )}
    </div>
  );
}

function ResultRow({ row }: { row: FixtureResultRow }) {
  const { t } = useTranslation();
  const teams = { home: row.home, away: row.away };
  const winner = row.score.home > row.score.away ? 'home' : row.score.home < row.score.away ? 'away' : null;
  return (
    <tr data-testid="sports-result-row" data-fixture={row.id}>
      <td className="sp-results-time">
        <div>{formatShortDateTime(row.starts_at)}</div>
        <div className="sp-results-sport">{t(`sports.sportNames.${row.sport}`)}</div>
      </td>
      <td className="sp-results-league">{row.league}</td>
      <td className="sp-results-match">
        <span className={winner === 'home' ? 'is-winner' : undefined}>{row.home}</span>
        <span className="sp-results-vs">vs</span>
        <span className={winner === 'away' ? 'is-winner' : undefined}>{row.away}</span>
      </td>
      <td className="sp-results-score">
        <strong data-testid="sports-result-score">
          {row.score.home} : {row.score.away}
        </strong>
        {row.periods.length > 0 && (
          <div className="sp-results-periods">{row.periods.map((p) => `${periodLabel(t, p.period)} ${p.home}:${p.away}`).join(' · ')}</div>
        )}
      </td>
      <td>
        <ul className="sp-results-markets">
          {row.markets.map((m, i) => (
            <li key={i} data-testid="sports-result-market">
              <span className="sp-results-market">{marketLabel(t, m)}</span>{' '}
              <strong>{m.void ? t('sports.results.void') : m.won.map((code) => pickLabel(t, m, code, teams)).join(', ') || '-'}</strong>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
