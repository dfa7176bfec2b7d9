import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MinigameDraw, MinigameInfo, MinigameKey } from '@wager/contracts';
import { formatTime } from '../../lib/date.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { marketLabel, pickLabel, pickTone, teamLabel } from './labels.ts';
import { useHistory } from './queries.ts';

const PER_PAGE = 20;

/** The drawn numbers in one short line ("3 7 12 20 25 + 4"); `team` names a virtual team. */
export function drawText(draw: MinigameDraw, team: (name: string) => string = (name) => name): string {
  switch (draw.family) {
    case 'powerball':
      return `${draw.balls.join(' ')} + ${draw.power}`;
    case 'lotto':
      return `${draw.balls.join(' ')} + ${draw.bonus}`;
    case 'keno':
      return `${draw.balls.join(' ')}`;
    case 'ladder':
      return draw.balls?.length ? draw.balls.join(' ') : '';
    case 'dice':
      return draw.dice.join(' ');
    case 'roulette':
      return String(draw.number);
    case 'cockfight':
      return '';
    case 'virtual':
      return `${team(draw.home)} ${draw.home_goals}:${draw.away_goals} ${team(draw.away)}`;
  }
}

/** Recent rounds with their numbers and the winning pick of each single market. */
export function HistoryTable({ game, info }: { game: MinigameKey; info: MinigameInfo }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useHistory(game, (page - 1) * PER_PAGE, PER_PAGE);
  const markets = info.markets.filter((m) => m.kind === 'single');
  const rounds = query.data?.rounds ?? [];

  return (
    <div className="mg-history" data-testid="mg-history">
      <div className="mg-table-wrap">
        <table className="mg-table">
          <thead>
            <tr>
              <th>{t('minigames.history.round')}</th>
              <th>{t('minigames.history.time')}</th>
              <th>{t('minigames.history.numbers')}</th>
              <th>{t('minigames.history.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.length === 0 && (
              <tr>
                <td colSpan={4} className="mg-empty">
                  {query.isPending ? t('minigames.loading') : t('minigames.history.empty')}
                </td>
              </tr>
            )}
            {rounds.map((r) => (
              <tr key={r.id} data-testid="mg-history-row" data-status={r.status}>
                <td className="mg-num">
                  {r.day_number}
                  {r.result && (
                    <>
                      {' '}
                      <Link className="mg-verify-link" to={`/fair/verify?game=${game}&round=${r.number}`} title={t('minigames.history.verify')}>
                        ✓
                      </Link>
                    </>
                  )}
                </td>
                <td className="mg-num mg-muted">{formatTime(r.draws_at)}</td>
                <td className="mg-num">{r.result ? drawText(r.result.draw, (name) => teamLabel(t, i18n, name)) : '-'}</td>
                <td>
                  {r.status === 'void' && <span className="mg-badge is-void">{t('minigames.history.void')}</span>}
                  <span className="mg-chips">
                    {r.result &&
                      markets.map((m) => {
                        const w = r.result?.winners[m.key];
                        return w ? (
                          <span key={m.key} className={`mg-chip ${pickTone(w)}`} title={marketLabel(t, i18n, m.key)}>
                            {pickLabel(t, i18n, w)}
                          </span>
                        ) : null;
                      })}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.data && <Pagination page={page} total={query.data.total} perPage={PER_PAGE} onChange={setPage} />}
    </div>
  );
}
