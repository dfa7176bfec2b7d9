import { Fragment, useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetRow } from '@wager/contracts';
import { BET_STATUSES, GAME_TYPES } from '@wager/contracts/constants';
import { Pagination } from '../../ui/pagination.tsx';
import { Loading } from '../../ui/states.tsx';
import { useMember } from '../session.tsx';
import { BetDetailModal } from './bet-detail-modal.tsx';
import { CashoutButton } from './cashout-button.tsx';
import { activeQuickRange, BET_PAGE_SIZE, isBetStatus, quickRange, todayFrom, type BetFilters, type GameType, type QuickRange } from './bet-filters.ts';
import { BalanceChange, BetTime, ResultTag, useBetText, Winnings } from './bet-parts.tsx';
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
          <BetTable bets={bets} family={filters.gameType} onOpen={onDetail} />
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

type Column = { key: string; head: string; align?: 'num' | 'center'; cell: (bet: BetRow) => ReactNode };

/**
 * The list's columns per game family (decision 045): sports its slip (type, odds, potential),
 * mini games the round of the day and the pick, casino and slots the vendor and its round; the
 * "all" tab one column that says each row's own facts. Every family ends with the money.
 */
function useColumns(family: GameType | null): Column[] {
  const { t } = useTranslation();
  const text = useBetText();
  const col = (key: string, head: string, cell: Column['cell'], align?: Column['align']): Column => ({ key, head, cell, align });
  const odds = col('odds', t('betting.columns.odds'), (b) => <span className="bh-odds">{b.odds}</span>, 'num');
  // A casino or slot bet has no price of its own (the vendor decides the payout): no estimate.
  const potential = col(
    'potential',
    t('betting.columns.potential'),
    (b) =>
      b.game_type === 'casino' || b.game_type === 'slot' ? <span className="bh-dash">—</span> : <span className="bh-num">{text.money(b.potential_win)}</span>,
    'num',
  );
  const round = col('round', t('betting.columns.round'), (b) => (
    <span className="bh-mono" data-testid="bet-round">
      {text.round(b)}
    </span>
  ));
  const pick = col('pick', t('betting.columns.pick'), (b) => (
    <span className="bh-pick" data-testid="bet-pick">
      {text.pick(b)}
    </span>
  ));
  const vendor = col('vendor', t('betting.columns.vendor'), (b) => <span data-testid="bet-vendor">{text.vendor(b)}</span>);
  const betType = col('betType', t('betting.columns.betType'), (b) => text.betType(b));
  const detail = col('detail', t('betting.columns.detail'), (b) => <span data-testid="bet-facts">{factsLine(text, b)}</span>);
  const first = [
    col('time', t('betting.columns.time'), (b) => <BetTime iso={b.created_at} />),
    col('game', t('betting.columns.game'), (b) => (
      <span className="bh-game-cell">
        <span className="bh-game" title={text.game(b)} data-testid="bet-game">
          {text.game(b)}
        </span>
        <span className={`bh-type is-${b.game_type}`}>{text.gameType(b)}</span>
      </span>
    )),
  ];
  const money = [
    col('amount', t('betting.columns.amount'), (b) => <span className="bh-num">{text.money(b.amount)}</span>, 'num'),
    col('win', t('betting.columns.win'), (b) => <Winnings bet={b} />, 'num'),
    col(
      'result',
      t('betting.columns.result'),
      (b) => (
        <>
          <ResultTag bet={b} />
          <CashoutButton bet={b} />
        </>
      ),
      'center',
    ),
    col('balance', t('betting.columns.balance'), (b) => <BalanceChange bet={b} />, 'num'),
  ];
  const [amount, ...rest] = money;
  if (family === 'sports') return [...first, betType, odds, amount, potential, ...rest];
  if (family === 'minigame') return [...first, round, pick, odds, amount, potential, ...rest];
  if (family === 'casino' || family === 'slot') return [...first, vendor, round, ...money];
  return [...first, detail, amount, potential, ...rest];
}

/** One row's own facts in the "all" tab: sports type and odds, a mini game's round, pick and odds, a vendor and its round. */
function factsLine(text: ReturnType<typeof useBetText>, b: BetRow) {
  if (b.game_type === 'sports') return `${text.betType(b)} · ${b.odds}`;
  if (b.game_type === 'minigame') return `${text.round(b)} · ${text.pick(b)} · ${b.odds}`;
  return `${text.vendor(b)} · ${text.round(b)}`;
}

function BetTable({ bets, family, onOpen }: { bets: BetRow[]; family: GameType | null; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const text = useBetText();
  const columns = useColumns(family);
  const cls = (c: Column) => (c.align === 'num' ? 'is-num' : c.align === 'center' ? 'is-center' : undefined);
  return (
    <div className="bh-table-wrap">
      <table className="bh-table" data-testid="bet-table" data-family={family ?? 'all'}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={cls(c)}>
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => (
            <Fragment key={bet.id}>
              <tr
                className={`bh-row is-${bet.status}`}
                tabIndex={0}
                aria-label={t('betting.showDetail', { game: text.game(bet) })}
                data-testid="bet-row"
                data-bet-id={bet.id}
                data-status={bet.status}
                data-game-type={bet.game_type}
                onClick={() => onOpen(bet.id)}
                onKeyDown={(e) => openOnKey(e, () => onOpen(bet.id))}
              >
                {columns.map((c) => (
                  <td key={c.key} className={cls(c)}>
                    {c.cell(bet)}
                  </td>
                ))}
              </tr>
              {bet.game_type === 'sports' && (
                <tr className={`bh-folders-row is-${bet.status}`} onClick={() => onOpen(bet.id)}>
                  <td colSpan={columns.length}>
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

/** A phone's card: the family's own facts under the game, then the money. */
function BetCards({ bets, onOpen }: { bets: BetRow[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const text = useBetText();
  return (
    <ul className="bh-cards" data-testid="bet-cards">
      {bets.map((bet) => {
        const priced = bet.game_type === 'sports' || bet.game_type === 'minigame';
        return (
          <li
            key={bet.id}
            className={`bh-card is-${bet.status}`}
            role="button"
            tabIndex={0}
            aria-label={t('betting.showDetail', { game: text.game(bet) })}
            data-testid="bet-card"
            data-bet-id={bet.id}
            data-status={bet.status}
            data-game-type={bet.game_type}
            onClick={() => onOpen(bet.id)}
            onKeyDown={(e) => openOnKey(e, () => onOpen(bet.id))}
          >
            <div className="bh-card-head">
              <span className={`bh-type is-${bet.game_type}`}>{text.gameType(bet)}</span>
              <span className="bh-game" data-testid="bet-game">
                {text.game(bet)}
              </span>
              <ResultTag bet={bet} />
              <CashoutButton bet={bet} />
            </div>
            <div className="bh-card-meta">
              <BetTime iso={bet.created_at} />
              {bet.game_type === 'sports' && <span>{text.betType(bet)}</span>}
              {bet.game_type === 'minigame' && (
                <>
                  <b data-testid="bet-round">{text.round(bet)}</b>
                  <span className="bh-pick" data-testid="bet-pick">
                    {text.pick(bet)}
                  </span>
                </>
              )}
              {(bet.game_type === 'casino' || bet.game_type === 'slot') && (
                <>
                  <span data-testid="bet-vendor">{text.vendor(bet)}</span>
                  <span className="bh-mono bh-card-round" data-testid="bet-round">
                    {text.round(bet)}
                  </span>
                </>
              )}
            </div>
            {bet.game_type === 'sports' && <SportsFolderLines bet={bet} />}
            <dl className="bh-card-grid">
              <div>
                <dt>{t('betting.columns.amount')}</dt>
                <dd className="bh-num">{text.money(bet.amount)}</dd>
              </div>
              {priced && (
                <div>
                  <dt>{t('betting.columns.odds')}</dt>
                  <dd className="bh-odds">{bet.odds}</dd>
                </div>
              )}
              {priced && (
                <div>
                  <dt>{t('betting.columns.potential')}</dt>
                  <dd className="bh-num">{text.money(bet.potential_win)}</dd>
                </div>
              )}
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
        );
      })}
    </ul>
  );
}
