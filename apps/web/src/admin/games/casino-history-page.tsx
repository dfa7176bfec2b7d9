import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { localDay } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Badge } from '../ops/shared.tsx';
import { useCasinoHistory, useCasinoVendors } from './casino/queries.ts';

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
  return (
    <BackofficePage
      title={t('adminGames.casino.history.title')}
      testId="admin-casino-history"
      className="ad-ops-dense"
      filters={
        <Filters onSubmit={submit}>
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
        </Filters>
      }
    >
      <ListFrame
        emptyText={t('admin.empty.betting')}
        query={history}
        paging={{ page, onPage: setPage }}
        summary={({ totals }) => (
          <p className="ad-note" data-testid="casino-history-totals">
            {t('adminGames.casino.history.totals', {
              count: totals.count,
              bet: money(totals.amount),
              win: money(totals.win_amount),
              profit: money(totals.profit),
            })}
          </p>
        )}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ 'data-testid': 'casino-history-row' })}
        columns={[
          { id: 'time', header: t('adminGames.casino.history.time'), cell: (r) => formatDateTime(r.created_at), className: 'mono' },
          { id: 'account', header: t('adminGames.casino.history.account'), cell: (r) => r.account },
          { id: 'vendor', header: t('adminGames.casino.history.vendor'), cell: (r) => r.vendor },
          {
            id: 'game',
            header: t('adminGames.casino.history.game'),
            cell: (r) => (
              <>
                {r.game} <span className="ad-muted">{t(`adminGames.casino.types.${r.game_type}`)}</span>
              </>
            ),
          },
          { id: 'round', header: t('adminGames.casino.history.round'), cell: (r) => r.round, className: 'mono ad-muted' },
          { id: 'wallet', header: t('adminGames.casino.history.wallet'), cell: (r) => t(`adminGames.casino.wallets.${r.wallet}`) },
          { id: 'bet', header: t('adminGames.casino.history.bet'), headClassName: 'num', className: 'num', cell: (r) => money(r.amount) },
          { id: 'win', header: t('adminGames.casino.history.win'), headClassName: 'num', className: 'num', cell: (r) => money(r.win_amount) },
          { id: 'before', header: t('adminGames.casino.history.before'), headClassName: 'num', className: 'num', cell: (r) => money(r.balance_before) },
          { id: 'after', header: t('adminGames.casino.history.after'), headClassName: 'num', className: 'num', cell: (r) => money(r.balance_after) },
          {
            id: 'status',
            header: t('adminGames.casino.history.status'),
            cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{t(`adminGames.casino.statuses.${r.status}`)}</Badge>,
          },
        ]}
      />
    </BackofficePage>
  );
}
