import { Fragment, useEffect, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetRow } from '@wager/contracts';
import { BET_STATUSES, GAME_TYPES } from '@wager/contracts/constants';
import { Pagination } from '../../ui/pagination.tsx';
import { Loading } from '../../ui/states.tsx';
import { useMember } from '../session.tsx';
import { BetDetailModal } from './bet-detail-modal.tsx';
import { activeQuickRange, BET_PAGE_SIZE, isBetStatus, quickRange, todayFrom, type BetFilters, type QuickRange } from './bet-filters.ts';
import { BalanceChange, BetTime, ResultBadge, useBetText, Winnings } from './bet-parts.tsx';
import { useBetHistory } from './queries.ts';
import { SportsFolderLines } from './sports-folders.tsx';
import './betting.css';
import { queryErrorText } from '../../i18n/error-text.ts';

type BetHistoryProps = {
  filters: BetFilters;
  onChange: (next: BetFilters) => void;
  /** The bet whose detail modal is open; kept by the caller so an outer modal can close it first. */
  detailId: number | null;
  onDetail: (id: number | null) => void;
};

/**
 * Spec §2 betting history: game-type tabs, result and date filters, a summary strip, the bets
 * (a dense table where there is room, stacked cards on a phone), 10 per page, and a detail
 * modal per bet. Used by /board/betting-history and by the betting history modal.
 */
export function BetHistory({ filters, onChange, detailId, onDetail }: BetHistoryProps) {
  const { t } = useTranslation();
  const { context } = useMember();
  const today = todayFrom(context?.server_time);
  const query = useBetHistory(filters, today);
  const data = query.data;
  const bets = data?.bets ?? [];
  const { money } = useBetText();

  // A page past the end (an old link, bets settled away by a filter) goes to the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / BET_PAGE_SIZE)) : 1;
  const pastEnd = Boolean(data && !query.isPlaceholderData && filters.page > lastPage);
  useEffect(() => {
    if (pastEnd) onChange({ ...filters, page: lastPage });
  }, [pastEnd, lastPage, filters, onChange]);

  // Any filter change starts again at page 1.
  const set = (patch: Partial<BetFilters>) => onChange({ ...filters, page: 1, ...patch });
  const quick = activeQuickRange(filters, today);

  return (
    <div className="bh" data-testid="bet-history">
      <div className="bh-tabs" role="tablist" aria-label={t('betting.filters.gameType')}>
        {([null, ...GAME_TYPES] as const).map((type) => (
          <button
            key={type ?? 'all'}
            type="button"
            role="tab"
            aria-selected={filters.gameType === type}
            className={filters.gameType === type ? 'bh-tab is-active' : 'bh-tab'}
            data-testid={`bet-tab-${type ?? 'all'}`}
            onClick={() => set({ gameType: type })}
          >
            {t(`betting.gameTypes.${type ?? 'all'}`)}
          </button>
        ))}
      </div>

      <div className="bh-filters">
        <select
          className="bh-input bh-status"
          aria-label={t('betting.filters.status')}
          data-testid="bet-status"
          value={filters.status ?? ''}
          onChange={(e) => set({ status: isBetStatus(e.target.value) ? e.target.value : null })}
        >
          <option value="">{t('betting.statuses.all')}</option>
          {BET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`betting.statuses.${s}`)}
            </option>
          ))}
        </select>
        <div className="bh-quick" role="group">
          {(['today', 'week', 'month'] as QuickRange[]).map((r) => (
            <button
              key={r}
              type="button"
              className={quick === r ? 'bh-quick-btn is-active' : 'bh-quick-btn'}
              aria-pressed={quick === r}
              data-testid={`bet-range-${r}`}
              onClick={() => set(quickRange(r, today))}
            >
              {t(`betting.filters.${r}`)}
            </button>
          ))}
        </div>
        <div className="bh-dates">
          <input
            type="date"
            className="bh-input bh-date"
            aria-label={t('betting.filters.from')}
            data-testid="bet-from"
            value={filters.from ?? today}
            max={filters.to ?? today}
            onChange={(e) => set({ from: e.target.value || null })}
          />
          <span className="bh-tilde" aria-hidden="true">
            ~
          </span>
          <input
            type="date"
            className="bh-input bh-date"
            aria-label={t('betting.filters.to')}
            data-testid="bet-to"
            value={filters.to ?? today}
            min={filters.from ?? undefined}
            max={today}
            onChange={(e) => set({ to: e.target.value || null })}
          />
        </div>
      </div>

      <dl className="bh-summary" data-testid="bet-summary">
        <div>
          <dt>{t('betting.summary.count')}</dt>
          <dd data-testid="bet-summary-count">{t('betting.summary.countValue', { count: data?.summary.count ?? 0 })}</dd>
        </div>
        <div>
          <dt>{t('betting.summary.amount')}</dt>
          <dd data-testid="bet-summary-amount">{money(data?.summary.amount ?? '0')}</dd>
        </div>
        <div>
          <dt>{t('betting.summary.win')}</dt>
          <dd className="is-win" data-testid="bet-summary-win">
            {money(data?.summary.win_amount ?? '0')}
          </dd>
        </div>
      </dl>

      {query.isError && !data ? (
        <div className="bh-message is-error" role="alert" data-testid="bet-error">
          <p>{t('betting.loadFailed')}</p>
          <p className="bh-message-sub">{queryErrorText(query.error)}</p>
          <button type="button" className="ui-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : bets.length === 0 ? (
        <p className="bh-message" data-testid="bet-empty">
          {t('betting.empty')}
        </p>
      ) : (
        <div className={query.isPlaceholderData ? 'bh-list is-stale' : 'bh-list'} aria-busy={query.isFetching}>
          <BetTable bets={bets} onOpen={onDetail} />
          <BetCards bets={bets} onOpen={onDetail} />
        </div>
      )}

      {data && data.total > 0 && (
        <Pagination page={filters.page} total={data.total} perPage={BET_PAGE_SIZE} onChange={(page) => onChange({ ...filters, page })} />
      )}

      {detailId !== null && <BetDetailModal id={detailId} row={bets.find((b) => b.id === detailId)} onClose={() => onDetail(null)} />}
    </div>
  );
}

function openOnKey(e: KeyboardEvent, open: () => void) {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    open();
  }
}

function BetTable({ bets, onOpen }: { bets: BetRow[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const text = useBetText();
  return (
    <div className="bh-table-wrap">
      <table className="bh-table" data-testid="bet-table">
        <thead>
          <tr>
            <th>{t('betting.columns.time')}</th>
            <th>{t('betting.columns.game')}</th>
            <th>{t('betting.columns.round')}</th>
            <th>{t('betting.columns.betType')}</th>
            <th className="is-num">{t('betting.columns.odds')}</th>
            <th className="is-num">{t('betting.columns.amount')}</th>
            <th className="is-num">{t('betting.columns.potential')}</th>
            <th className="is-num">{t('betting.columns.win')}</th>
            <th className="is-center">{t('betting.columns.result')}</th>
            <th className="is-num">{t('betting.columns.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => (
            <Fragment key={bet.id}>
              <tr
                className={`bh-row is-${bet.status}`}
                tabIndex={0}
                aria-label={t('betting.showDetail', { game: bet.game })}
                data-testid="bet-row"
                data-bet-id={bet.id}
                data-status={bet.status}
                data-game-type={bet.game_type}
                onClick={() => onOpen(bet.id)}
                onKeyDown={(e) => openOnKey(e, () => onOpen(bet.id))}
              >
                <td>
                  <BetTime iso={bet.created_at} />
                </td>
                <td className="bh-game-cell">
                  <span className="bh-game" title={text.game(bet)}>
                    {text.game(bet)}
                  </span>
                  <span className={`bh-type is-${bet.game_type}`}>{text.gameType(bet)}</span>
                </td>
                <td className="bh-mono">{bet.round ?? <span className="bh-dash">—</span>}</td>
                <td>{text.betType(bet)}</td>
                <td className="is-num bh-odds">{bet.odds}</td>
                <td className="is-num bh-num">{text.money(bet.amount)}</td>
                <td className="is-num bh-num">{text.money(bet.potential_win)}</td>
                <td className="is-num">
                  <Winnings bet={bet} />
                </td>
                <td className="is-center">
                  <ResultBadge status={bet.status} />
                </td>
                <td className="is-num">
                  <BalanceChange bet={bet} />
                </td>
              </tr>
              {bet.game_type === 'sports' && (
                <tr className={`bh-folders-row is-${bet.status}`} onClick={() => onOpen(bet.id)}>
                  <td colSpan={10}>
                    <SportsFolderLines bet={bet} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BetCards({ bets, onOpen }: { bets: BetRow[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const text = useBetText();
  return (
    <ul className="bh-cards" data-testid="bet-cards">
      {bets.map((bet) => (
        <li
          key={bet.id}
          className={`bh-card is-${bet.status}`}
          role="button"
          tabIndex={0}
          aria-label={t('betting.showDetail', { game: bet.game })}
          data-testid="bet-card"
          data-bet-id={bet.id}
          data-status={bet.status}
          data-game-type={bet.game_type}
          onClick={() => onOpen(bet.id)}
          onKeyDown={(e) => openOnKey(e, () => onOpen(bet.id))}
        >
          <div className="bh-card-head">
            <span className={`bh-type is-${bet.game_type}`}>{text.gameType(bet)}</span>
            <span className="bh-game">{text.game(bet)}</span>
            <ResultBadge status={bet.status} />
          </div>
          <div className="bh-card-meta">
            <BetTime iso={bet.created_at} />
            {bet.round && (
              <span>
                {t('betting.columns.round')} <b className="bh-mono">{bet.round}</b>
              </span>
            )}
            <span>{text.betType(bet)}</span>
          </div>
          {bet.game_type === 'sports' && <SportsFolderLines bet={bet} />}
          <dl className="bh-card-grid">
            <div>
              <dt>{t('betting.columns.amount')}</dt>
              <dd className="bh-num">{text.money(bet.amount)}</dd>
            </div>
            <div>
              <dt>{t('betting.columns.odds')}</dt>
              <dd className="bh-odds">{bet.odds}</dd>
            </div>
            <div>
              <dt>{t('betting.columns.potential')}</dt>
              <dd className="bh-num">{text.money(bet.potential_win)}</dd>
            </div>
            <div>
              <dt>{t('betting.columns.win')}</dt>
              <dd>
                <Winnings bet={bet} />
              </dd>
            </div>
            <div className="is-wide">
              <dt>{t('betting.columns.balance')}</dt>
              <dd>
                <BalanceChange bet={bet} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
