import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { AdminList, Badge, skipOf } from '../ops/shared.tsx';
import { useCasinoHistory, useCasinoVendors } from './casino/queries.ts';
import { localDay } from '../../lib/date.ts';

type Filters = { vendor: string; game: string; account: string; type: '' | 'casino' | 'slot'; from: string; to: string };
const STATUS_TONE = { open: 'info', settled: 'ok', rolled_back: 'muted' } as const;

/** Casino and slot rounds of every member: filters (vendor, game, member, type, dates) and totals over the whole filter. */
export function CasinoHistoryPage() {
  const { t } = useTranslation();
  const vendors = useCasinoVendors();
  const [draft, setDraft] = useState<Filters>({ vendor: '', game: '', account: '', type: '', from: localDay(), to: localDay() });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const body = {
    vendor: filters.vendor || undefined,
    game: filters.game.trim() || undefined,
    account: filters.account.trim() || undefined,
    game_type: filters.type || undefined,
    startedAt: filters.from || undefined,
    endedAt: filters.to || undefined,
    skip: skipOf(page),
  };
  const history = useCasinoHistory(body);
  const money = (v: string) => groupThousands(v);
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const totals = history.data?.totals;
  return (
    <section className="ad-page ad-ops-dense" data-testid="admin-casino-history">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminGames.casino.history.title')}</h1>
        <form className="ad-filters" onSubmit={submit}>
          <select
            className="ui-input ad-select"
            aria-label={t('adminGames.casino.history.vendor')}
            value={draft.vendor}
            onChange={(e) => set({ vendor: e.target.value })}
          >
            <option value="">{`${t('adminGames.casino.history.vendor')}: ${t('adminGames.casino.history.all')}`}</option>
            {(vendors.data?.vendors ?? []).map((v) => (
              <option key={v.code} value={v.code}>
                {v.name}
              </option>
            ))}
          </select>
          <select
            className="ui-input ad-select"
            aria-label={t('adminGames.casino.history.type')}
            value={draft.type}
            onChange={(e) => set({ type: e.target.value as Filters['type'] })}
          >
            <option value="">{`${t('adminGames.casino.history.type')}: ${t('adminGames.casino.history.all')}`}</option>
            <option value="casino">{t('adminGames.casino.types.casino')}</option>
            <option value="slot">{t('adminGames.casino.types.slot')}</option>
          </select>
          <input
            className="ui-input ad-search"
            placeholder={t('adminGames.casino.history.game')}
            aria-label={t('adminGames.casino.history.game')}
            value={draft.game}
            onChange={(e) => set({ game: e.target.value })}
          />
          <input
            className="ui-input ad-search"
            placeholder={t('adminGames.casino.history.account')}
            aria-label={t('adminGames.casino.history.account')}
            value={draft.account}
            data-testid="casino-history-account"
            onChange={(e) => set({ account: e.target.value })}
          />
          <input
            className="ui-input"
            type="date"
            aria-label={t('adminGames.casino.history.from')}
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
          />
          <input
            className="ui-input"
            type="date"
            aria-label={t('adminGames.casino.history.to')}
            value={draft.to}
            onChange={(e) => set({ to: e.target.value })}
          />
          <button type="submit" className="ui-btn ui-btn-primary">
            {t('adminGames.casino.history.search')}
          </button>
        </form>
      </div>
      {totals && (
        <p className="ad-note" data-testid="casino-history-totals">
          {t('adminGames.casino.history.totals', {
            count: totals.count,
            bet: money(totals.amount),
            win: money(totals.win_amount),
            profit: money(totals.profit),
          })}
        </p>
      )}
      <AdminList query={history} page={page} onPage={setPage}>
        <table className="ad-table">
          <thead>
            <tr>
              <th>{t('adminGames.casino.history.time')}</th>
              <th>{t('adminGames.casino.history.account')}</th>
              <th>{t('adminGames.casino.history.vendor')}</th>
              <th>{t('adminGames.casino.history.game')}</th>
              <th>{t('adminGames.casino.history.round')}</th>
              <th>{t('adminGames.casino.history.wallet')}</th>
              <th className="num">{t('adminGames.casino.history.bet')}</th>
              <th className="num">{t('adminGames.casino.history.win')}</th>
              <th className="num">{t('adminGames.casino.history.before')}</th>
              <th className="num">{t('adminGames.casino.history.after')}</th>
              <th>{t('adminGames.casino.history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {(history.data?.rows ?? []).map((r) => (
              <tr key={r.id} data-testid="casino-history-row">
                <td className="mono">{formatDateTime(r.created_at)}</td>
                <td>{r.account}</td>
                <td>{r.vendor}</td>
                <td>
                  {r.game} <span className="ad-muted">{t(`adminGames.casino.types.${r.game_type}`)}</span>
                </td>
                <td className="mono ad-muted">{r.round}</td>
                <td>{t(`adminGames.casino.wallets.${r.wallet}`)}</td>
                <td className="num">{money(r.amount)}</td>
                <td className="num">{money(r.win_amount)}</td>
                <td className="num">{money(r.balance_before)}</td>
                <td className="num">{money(r.balance_after)}</td>
                <td>
                  <Badge tone={STATUS_TONE[r.status]}>{t(`adminGames.casino.statuses.${r.status}`)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
    </section>
  );
}
