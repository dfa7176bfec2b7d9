import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIXTURE_FILTERS, SPORTS, type AdminFixtureRow } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { Badge } from '../ops/shared.tsx';
import { FixturePanel } from './fixture-panel.tsx';
import { SportSearch } from './sport-filter.tsx';
import { useFixtures } from './queries.ts';
import { labelOf } from './labels.ts';
import './sports-admin.css';

type Filter = (typeof FIXTURE_FILTERS)[number];

export const STATUS_TONE: Record<string, string> = { waiting: 'muted', release: 'info', progress: 'warn', result: 'ok', cancelled: 'danger' };

/** Result management (spec §4): fixtures awaiting a result / settled / cancelled, and the selected fixture's result entry. */
export function SportsResultsPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('awaiting');
  const [sport, setSport] = useState<(typeof SPORTS)[number] | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const query = useFixtures({
    filter,
    sport: sport || undefined,
    search: search || undefined,
    skip: skipOf(page),
  });
  const score = (r: AdminFixtureRow) => (r.result ? `${r.result.home} : ${r.result.away}` : '-');

  return (
    <BackofficePage
      title={t('adminSports.results.title')}
      testId="admin-sports-results"
      className="sa-page"
      filters={
        <Filters>
          <SportSearch
            sport={sport}
            search={search}
            onSport={(v) => (setSport(v), setPage(1))}
            onSearch={(v) => (setSearch(v), setPage(1))}
            searchTestId="sa-search"
          />
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('adminSports.common.refresh')}
          </button>
        </Filters>
      }
    >
      <Tabs
        tabs={FIXTURE_FILTERS}
        value={filter}
        onChange={(f) => (setFilter(f), setPage(1))}
        label={(f) => t(`adminSports.results.filters.${f}`)}
        testId={(f) => `sa-filter-${f}`}
      />
      <div className="sa-split">
        <div className="sa-list">
          <ListFrame
            emptyText={t('admin.empty.results')}
            query={query}
            paging={{ page, onPage: setPage }}
            className="ad-ops-dense"
            rows={(d) => d.rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ className: r.id === selected ? 'is-selected' : undefined, 'data-testid': 'sa-fixture-row', 'data-fixture': r.id })}
            columns={[
              { id: 'id', header: 'ID', cell: (r) => r.id, className: 'num' },
              { id: 'time', header: t('adminSports.results.cols.time'), cell: (r) => formatDateTime(r.starts_at), className: 'mono' },
              {
                id: 'match',
                header: t('adminSports.results.cols.match'),
                cell: (r) => (
                  <>
                    <button type="button" className="ad-link" data-testid="sa-fixture-pick" onClick={() => setSelected(r.id)}>
                      {r.home} vs {r.away}
                    </button>
                    <div className="ad-muted">
                      {labelOf(t, i18n, 'sport', r.sport)} · {r.league}
                    </div>
                  </>
                ),
              },
              {
                id: 'status',
                header: t('adminSports.results.cols.status'),
                cell: (r) => (
                  <>
                    <Badge tone={STATUS_TONE[r.status] ?? 'muted'}>{labelOf(t, i18n, 'status', r.status)}</Badge>
                    {!r.on_sale && <Badge tone="danger">{t('adminSports.results.stopped')}</Badge>}
                  </>
                ),
              },
              { id: 'score', header: t('adminSports.results.cols.score'), headClassName: 'num', className: 'num strong', cell: score },
              { id: 'bets', header: t('adminSports.results.cols.bets'), headClassName: 'num', className: 'num', cell: (r) => r.bets },
              { id: 'open', header: t('adminSports.results.cols.open'), headClassName: 'num', className: 'num', cell: (r) => r.open_bets },
              {
                id: 'stakes',
                header: t('adminSports.results.cols.stakes'),
                headClassName: 'num',
                className: 'num',
                cell: (r) => formatMoney(r.stakes, i18n.language),
              },
            ]}
          />
        </div>
        <div className="sa-detail">
          {selected === null ? <p className="ad-note">{t('adminSports.results.select')}</p> : <FixturePanel key={selected} fixtureId={selected} />}
        </div>
      </div>
    </BackofficePage>
  );
}
