import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIXTURE_FILTERS, SPORTS, type AdminFixtureRow } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { EmptyRow } from '../../ui/states.tsx';
import { AdminList, Badge } from '../ops/shared.tsx';
import { FixturePanel } from './fixture-panel.tsx';
import { useFixtures } from './queries.ts';
import { labelOf } from './labels.ts';
import './sports-admin.css';

type Filter = (typeof FIXTURE_FILTERS)[number];
const PER_PAGE = 20;

export const STATUS_TONE: Record<string, string> = { waiting: 'muted', release: 'info', progress: 'warn', result: 'ok', cancelled: 'danger' };

/** Result management (spec §4): fixtures awaiting a result / settled / cancelled, and the selected fixture's result entry. */
export function SportsResultsPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('awaiting');
  const [sport, setSport] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const query = useFixtures({
    filter,
    sport: (sport || undefined) as (typeof SPORTS)[number] | undefined,
    search: search || undefined,
    skip: (page - 1) * PER_PAGE,
  });
  const rows = query.data?.rows ?? [];
  const score = (r: AdminFixtureRow) => (r.result ? `${r.result.home} : ${r.result.away}` : '-');

  return (
    <section className="ad-page sa-page" data-testid="admin-sports-results">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminSports.results.title')}</h1>
        <div className="ad-filters">
          <select className="ad-select" value={sport} aria-label={t('adminSports.common.sport')} onChange={(e) => (setSport(e.target.value), setPage(1))}>
            <option value="">{t('adminSports.common.all')}</option>
            {SPORTS.map((s) => (
              <option key={s} value={s}>
                {t(`adminSports.sport.${s}`)}
              </option>
            ))}
          </select>
          <input
            className="ui-input ad-search"
            placeholder={t('adminSports.common.search')}
            value={search}
            data-testid="sa-search"
            onChange={(e) => (setSearch(e.target.value), setPage(1))}
          />
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('adminSports.common.refresh')}
          </button>
        </div>
      </div>
      <div className="ad-tabs" role="tablist">
        {FIXTURE_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === filter}
            className={f === filter ? 'ad-tab is-active' : 'ad-tab'}
            data-testid={`sa-filter-${f}`}
            onClick={() => (setFilter(f), setPage(1))}
          >
            {t(`adminSports.results.filters.${f}`)}
          </button>
        ))}
      </div>
      <div className="sa-split">
        <div className="sa-list">
          <AdminList query={query} page={page} onPage={setPage}>
            <table className="ad-table ad-ops-dense">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>{t('adminSports.results.cols.time')}</th>
                  <th>{t('adminSports.results.cols.match')}</th>
                  <th>{t('adminSports.results.cols.status')}</th>
                  <th className="num">{t('adminSports.results.cols.score')}</th>
                  <th className="num">{t('adminSports.results.cols.bets')}</th>
                  <th className="num">{t('adminSports.results.cols.open')}</th>
                  <th className="num">{t('adminSports.results.cols.stakes')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && <EmptyRow colSpan={8} />}
                {rows.map((r) => (
                  <tr key={r.id} className={r.id === selected ? 'is-selected' : undefined} data-testid="sa-fixture-row" data-fixture={r.id}>
                    <td className="num">{r.id}</td>
                    <td className="mono">{formatDateTime(r.starts_at)}</td>
                    <td>
                      <button type="button" className="ad-link" data-testid="sa-fixture-pick" onClick={() => setSelected(r.id)}>
                        {r.home} vs {r.away}
                      </button>
                      <div className="ad-muted">
                        {labelOf(t, i18n, 'sport', r.sport)} · {r.league}
                      </div>
                    </td>
                    <td>
                      <Badge tone={STATUS_TONE[r.status] ?? 'muted'}>{labelOf(t, i18n, 'status', r.status)}</Badge>
                      {!r.on_sale && <Badge tone="danger">{t('adminSports.results.stopped')}</Badge>}
                    </td>
                    <td className="num strong">{score(r)}</td>
                    <td className="num">{r.bets}</td>
                    <td className="num">{r.open_bets}</td>
                    <td className="num">{formatMoney(r.stakes, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </AdminList>
        </div>
        <div className="sa-detail">
          {selected === null ? <p className="ad-note">{t('adminSports.results.select')}</p> : <FixturePanel key={selected} fixtureId={selected} />}
        </div>
      </div>
    </section>
  );
}
