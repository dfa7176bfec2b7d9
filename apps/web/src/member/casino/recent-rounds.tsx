import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { useMember } from '../session.tsx';
import { useCasinoHistory, type ProductType } from './queries.ts';
import { formatShortDateTime, localDay } from '../../lib/date.ts';

const PER_PAGE = 10;
/** The day in the player's own calendar (the date inputs speak local days). */

type Vendor = { code: string; name: string };

/**
 * The member's own rounds of this kind, every wallet mode (vendor, game, round, bet, win, balance
 * before → after), filtered by vendor and days, with the totals of the whole filter.
 */
export function RecentRounds({ type, vendors }: { type: ProductType; vendors: readonly Vendor[] }) {
  const { t, i18n } = useTranslation();
  const { isLoggedIn } = useMember();
  const [draft, setDraft] = useState({ vendor: '', from: localDay(), to: localDay() });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const q = useCasinoHistory({
    game_type: type,
    vendor: filters.vendor || undefined,
    startedAt: filters.from || undefined,
    endedAt: filters.to || undefined,
    skip: (page - 1) * PER_PAGE,
  });
  if (!isLoggedIn) return null;
  const m = (v: string) => formatMoney(v, i18n.language);
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  return (
    <section className="m-card cz-recent" data-testid="casino-recent">
      <header className="m-card-head">
        <h2>{t('casino.lobby.recent')}</h2>
        {q.data && (
          <span className="cz-totals" data-testid="casino-recent-totals">
            {t('casino.history.totals', {
              count: q.data.totals.count,
              bet: m(q.data.totals.amount),
              win: m(q.data.totals.win_amount),
              profit: m(q.data.totals.profit),
            })}
          </span>
        )}
      </header>
      <form className="cz-filters" onSubmit={submit} data-testid="casino-recent-filters">
        <select
          className="ui-input"
          aria-label={t('casino.history.game')}
          value={draft.vendor}
          onChange={(e) => setDraft((d) => ({ ...d, vendor: e.target.value }))}
          data-testid="casino-recent-vendor"
        >
          <option value="">{t('betting.gameTypes.all')}</option>
          {vendors.map((v) => (
            <option key={v.code} value={v.code}>
              {v.name}
            </option>
          ))}
        </select>
        <input
          className="ui-input"
          type="date"
          aria-label={t('casino.history.from')}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          data-testid="casino-recent-from"
        />
        <input
          className="ui-input"
          type="date"
          aria-label={t('casino.history.to')}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          data-testid="casino-recent-to"
        />
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="casino-recent-search">
          {t('casino.history.search')}
        </button>
      </form>
      <div className="cz-table-wrap">
        <table className="cz-table">
          <thead>
            <tr>
              <th>{t('casino.history.time')}</th>
              <th>{t('casino.history.game')}</th>
              <th>{t('casino.history.round')}</th>
              <th className="num">{t('casino.history.bet')}</th>
              <th className="num">{t('casino.history.win')}</th>
              <th className="num">{t('casino.history.balance')}</th>
              <th>{t('casino.history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.rows.length === 0 && (
              <tr>
                <td colSpan={7} className="cz-none">
                  {t('casino.history.empty')}
                </td>
              </tr>
            )}
            {q.data?.rows.map((r) => (
              <tr key={r.id} data-testid="casino-recent-row" data-round={r.round}>
                <td>{formatShortDateTime(r.created_at)}</td>
                <td>
                  {r.vendor} · {r.game}
                </td>
                <td className="cz-round">{r.round}</td>
                <td className="num">{m(r.amount)}</td>
                <td className="num">{m(r.win_amount)}</td>
                <td className="num">
                  {m(r.balance_before)} → {m(r.balance_after)}
                </td>
                <td>{t(`casino.history.statuses.${r.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.data && q.data.total > PER_PAGE && <Pagination page={page} total={q.data.total} perPage={PER_PAGE} onChange={setPage} />}
    </section>
  );
}
