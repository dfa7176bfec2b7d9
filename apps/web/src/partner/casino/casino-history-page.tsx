import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { localDay } from '../../lib/date.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { casinoColumns } from './columns.tsx';
import { useDownlineCasinoHistory } from './queries.ts';

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
    skip: skipOf(page),
  });
  const m = (v: string) => formatMoney(v, i18n.language);
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  return (
    <BackofficePage
      title={t(`casino.lobby.title.${type}`)}
      testId={`pa-casino-history-${type}`}
      filters={
        <Filters onSubmit={submit}>
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
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('casino.lobby.loadFailed')}
        paging={{ page, onPage: setPage }}
        summary={(d) => (
          <p className="pa-note" data-testid="pa-casino-totals">
            {t('casino.history.totals', { count: d.totals.count, bet: m(d.totals.amount), win: m(d.totals.win_amount), profit: m(d.totals.profit) })}
          </p>
        )}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        emptyText={t('casino.history.empty')}
        columns={casinoColumns(t, i18n.language)}
      />
    </BackofficePage>
  );
}
