import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { Loading } from '../../ui/states.tsx';
import { useDownlineCasinoHistory } from './queries.ts';
import './casino.css';
import { localDay } from '../../lib/date.ts';

const PER_PAGE = 20;

/** /pa-game-casino and /pa-game-slot: the downline's rounds (vendor, game, round, bet, win, balance before/after) with totals. */
export function PartnerCasinoHistoryPage({ type }: { type: 'casino' | 'slot' }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState({ account: '', from: localDay(), to: localDay() });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const q = useDownlineCasinoHistory({
    game_type: type,
    account: filters.account.trim() || undefined,
    startedAt: filters.from || undefined,
    endedAt: filters.to || undefined,
    skip: (page - 1) * PER_PAGE,
  });
  const m = (v: string) => formatMoney(v, i18n.language);
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  return (
    <section className="pa-page" data-testid={`pa-casino-history-${type}`}>
      <h1 className="pa-page-title">{t(`casino.lobby.title.${type}`)}</h1>
      <form className="pa-filters" onSubmit={submit}>
        <input
          className="ui-input"
          placeholder={t('casino.history.account')}
          aria-label={t('casino.history.account')}
          value={draft.account}
          onChange={(e) => setDraft((d) => ({ ...d, account: e.target.value }))}
        />
        <input
          className="ui-input"
          type="date"
          aria-label={t('casino.history.from')}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <input
          className="ui-input"
          type="date"
          aria-label={t('casino.history.to')}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <button type="submit" className="ui-btn ui-btn-primary">
          {t('casino.history.search')}
        </button>
      </form>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <p className="pa-error">{t('casino.lobby.loadFailed')}</p>
      ) : (
        <>
          <p className="pa-note" data-testid="pa-casino-totals">
            {t('casino.history.totals', {
              count: q.data.totals.count,
              bet: m(q.data.totals.amount),
              win: m(q.data.totals.win_amount),
              profit: m(q.data.totals.profit),
            })}
          </p>
          <div className="pa-table-wrap">
            <table className="pa-table">
              <thead>
                <tr>
                  <th>{t('casino.history.time')}</th>
                  <th>{t('casino.history.account')}</th>
                  <th>{t('casino.history.game')}</th>
                  <th>{t('casino.history.round')}</th>
                  <th>{t('casino.history.bet')}</th>
                  <th>{t('casino.history.win')}</th>
                  <th>{t('casino.history.balance')}</th>
                  <th>{t('casino.history.status')}</th>
                </tr>
              </thead>
              <tbody>
                {q.data.rows.length === 0 && (
                  <tr>
                    <td colSpan={8}>{t('casino.history.empty')}</td>
                  </tr>
                )}
                {q.data.rows.map((r) => (
                  <tr key={r.id}>
                    <td>{new Date(r.created_at).toLocaleString(i18n.language)}</td>
                    <td>{r.account}</td>
                    <td>
                      {r.vendor} · {r.game}
                    </td>
                    <td>{r.round}</td>
                    <td>{m(r.amount)}</td>
                    <td>{m(r.win_amount)}</td>
                    <td>
                      {m(r.balance_before)} → {m(r.balance_after)}
                    </td>
                    <td>{t(`casino.history.statuses.${r.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} total={q.data.total} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </section>
  );
}
