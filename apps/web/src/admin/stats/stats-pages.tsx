import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BetFigures, StatDayRow, UserBettingRow } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { DateRangeFilter, todayRange, addDays } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton, type ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { PER_PAGE, skipOf } from '../../ui/backoffice/paging.ts';
import { TrendChart } from '../../ui/backoffice/trend-chart.tsx';
import { chartValue } from './figures.ts';
import { rankingExportRows, useDailyStats, useRanking, useTierStats } from './queries.ts';

type Field = 'bet_count' | 'bet_amount' | 'win_amount' | 'betting_pl' | 'payback_rate' | 'rolling' | 'losing' | 'settlement' | 'bettors';
type DeskField = 'charge_amount' | 'exchange_amount' | 'deposit_pl' | 'join_count' | 'login_count';
const MONEY = new Set(['bet_amount', 'win_amount', 'betting_pl', 'rolling', 'losing', 'settlement', 'charge_amount', 'exchange_amount', 'deposit_pl']);
const BET_FIELDS: Field[] = ['bet_count', 'bet_amount', 'win_amount', 'betting_pl', 'payback_rate', 'rolling', 'losing', 'settlement', 'bettors'];
const DESK_FIELDS: DeskField[] = ['charge_amount', 'exchange_amount', 'deposit_pl', 'join_count', 'login_count'];
const RANK_BY = ['bet_amount', 'win_amount', 'betting_pl', 'rolling'] as const;
type RankBy = (typeof RANK_BY)[number];

/** The range (and page, order) in the address bar, so a reloaded or shared screen shows the same figures. */
function useRangeParams() {
  const [params, setParams] = useSearchParams();
  const today = todayRange();
  const from = params.get('from') ?? addDays(today.to, -6);
  const to = params.get('to') ?? today.to;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (cur) => {
        const next = new URLSearchParams(cur);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return { from, to, page, params, set };
}

/** Cells and export columns of the figure fields, money in the reader's way. */
function useFigureColumns() {
  const { t, i18n } = useTranslation();
  const show = (k: string, v: unknown) =>
    v === null || v === undefined ? '-' : MONEY.has(k) ? formatMoney(String(v), i18n.language) : Number(v).toLocaleString(i18n.language);
  function columns<Row>(fields: readonly string[], totals?: Record<string, unknown> | null): Column<Row>[] {
    return fields.map((k) => ({
      id: k,
      header: t(`adminRoles.stats.cols.${k as Field}`),
      cell: (r: Row) => show(k, (r as Record<string, unknown>)[k]),
      className: (r: Row) => (MONEY.has(k) && String((r as Record<string, unknown>)[k]).startsWith('-') ? 'num is-negative' : 'num'),
      footer: totals ? show(k, totals[k]) : undefined,
      headClassName: 'num',
    }));
  }
  function exportColumns<Row>(fields: readonly string[]): ExportColumn<Row>[] {
    return fields.map((k) => ({
      header: t(`adminRoles.stats.cols.${k as Field}`),
      value: (r: Row) => ((r as Record<string, unknown>)[k] as string | number | null) ?? null,
    }));
  }
  return { columns, exportColumns };
}

function StatsScreen({
  title,
  testId,
  extra,
  exportButton,
  children,
}: {
  title: string;
  testId: string;
  extra?: ReactNode;
  exportButton: ReactNode;
  children: ReactNode;
}) {
  const view = useRangeParams();
  return (
    <BackofficePage
      title={title}
      testId={testId}
      filters={
        <Filters>
          <DateRangeFilter from={view.from} to={view.to} onChange={(r) => view.set({ from: r.from, to: r.to, page: undefined })} />
          {extra}
          {exportButton}
        </Filters>
      }
    >
      {children}
    </BackofficePage>
  );
}

/** Statistics by day (issue 19): the site's bet and cash-desk figures per KST day, charts, totals, export. */
export function DailyStatsPage() {
  const { t } = useTranslation();
  const { from, to } = useRangeParams();
  const q = useDailyStats({ from, to });
  const cols = useFigureColumns();
  const fields = [...BET_FIELDS, ...DESK_FIELDS];
  // Oldest day first on the charts: a trend reads left to right.
  const days = [...(q.data?.rows ?? [])].reverse();
  const totals = q.data ? { ...q.data.totals, day: t('adminRoles.stats.totals') } : null;
  return (
    <StatsScreen
      title={t('adminRoles.stats.daily')}
      testId="admin-stats-daily"
      exportButton={
        <ExportXlsxButton<StatDayRow>
          testId="admin-stats-export"
          filename={`statistics-daily-${from}-${to}`}
          columns={[{ header: t('adminRoles.stats.day'), value: (r) => r.day }, ...cols.exportColumns<StatDayRow>(fields)]}
          rows={q.data?.rows ?? []}
          totals={totals as StatDayRow | null}
        />
      }
    >
      {days.length > 0 && (
        <div className="ad-stats-charts">
          <figure>
            <figcaption>{t('adminRoles.stats.chartBets')}</figcaption>
            <TrendChart
              testId="admin-stats-chart-bets"
              labels={days.map((d) => d.day.slice(5))}
              series={(['bet_amount', 'win_amount', 'betting_pl'] as const).map((k) => ({
                name: t(`adminRoles.stats.cols.${k}`),
                values: days.map((d) => chartValue(d[k])),
              }))}
            />
          </figure>
          <figure>
            <figcaption>{t('adminRoles.stats.chartMoney')}</figcaption>
            <TrendChart
              testId="admin-stats-chart-money"
              kind="bar"
              labels={days.map((d) => d.day.slice(5))}
              series={(['charge_amount', 'exchange_amount'] as const).map((k) => ({
                name: t(`adminRoles.stats.cols.${k}`),
                values: days.map((d) => chartValue(d[k])),
              }))}
            />
          </figure>
        </div>
      )}
      <ListFrame
        query={q}
        rows={(d) => d.rows}
        rowKey={(r) => r.day}
        rowProps={(r) => ({ 'data-testid': 'admin-stats-row', 'data-day': r.day })}
        emptyText={t('adminRoles.stats.empty')}
        errorText={t('adminRoles.stats.loadFailed')}
        testId="admin-stats-table"
        className="ad-stats-table"
        columns={[
          { id: 'day', header: t('adminRoles.stats.day'), cell: (r) => r.day, className: 'mono', footer: t('adminRoles.stats.totals') },
          ...cols.columns<StatDayRow>(fields, q.data?.totals),
        ]}
      />
    </StatsScreen>
  );
}

type TierRow = BetFigures & { role: string; agents: number };

/** Statistics by agent tier: the bets of the members below agents of each tier, with totals and a chart. */
export function TierStatsPage() {
  const { t } = useTranslation();
  const { from, to } = useRangeParams();
  const q = useTierStats({ from, to });
  const cols = useFigureColumns();
  const tierName = (role: string) => (role === 'none' ? t('adminRoles.stats.noAgent') : t(`roles.${role as 'shop'}`));
  const rows = q.data?.rows ?? [];
  // A member's bets count under every tier above it, so the tiers do not add up to the site: the
  // totals row is the site's own (the daily call's totals over the same range).
  const site = useDailyStats({ from, to });
  const totals = q.data && site.data ? { ...site.data.totals, agents: rows.reduce((n, r) => n + r.agents, 0) } : null;
  return (
    <StatsScreen
      title={t('adminRoles.stats.tiers')}
      testId="admin-stats-tiers"
      exportButton={
        <ExportXlsxButton<TierRow>
          testId="admin-stats-export"
          filename={`statistics-tiers-${from}-${to}`}
          columns={[
            { header: t('adminRoles.stats.tier'), value: (r) => (r.role === '' ? t('adminRoles.stats.totals') : tierName(r.role)) },
            { header: t('adminRoles.stats.agents'), value: (r) => r.agents },
            ...cols.exportColumns<TierRow>(BET_FIELDS),
          ]}
          rows={rows}
          totals={totals ? ({ ...totals, role: '' } as unknown as TierRow) : null}
        />
      }
    >
      {rows.length > 0 && (
        <div className="ad-stats-charts is-single">
          <TrendChart
            testId="admin-stats-chart-tiers"
            kind="bar"
            labels={rows.map((r) => tierName(r.role))}
            series={(['bet_amount', 'betting_pl', 'rolling'] as const).map((k) => ({
              name: t(`adminRoles.stats.cols.${k}`),
              values: rows.map((r) => chartValue(r[k])),
            }))}
          />
        </div>
      )}
      <ListFrame
        query={q}
        rows={(d) => d.rows}
        rowKey={(r) => r.role}
        rowProps={(r) => ({ 'data-testid': 'admin-stats-row', 'data-role': r.role })}
        emptyText={t('adminRoles.stats.empty')}
        errorText={t('adminRoles.stats.loadFailed')}
        testId="admin-stats-table"
        className="ad-stats-table"
        columns={[
          { id: 'tier', header: t('adminRoles.stats.tier'), cell: (r) => tierName(r.role), footer: t('adminRoles.stats.totals') },
          { id: 'agents', header: t('adminRoles.stats.agents'), cell: (r) => r.agents, className: 'num', headClassName: 'num', footer: totals?.agents },
          ...cols.columns<TierRow>(BET_FIELDS, totals),
        ]}
      />
    </StatsScreen>
  );
}

/** Members ranked by a figure over the range, 20 a page; the export holds every page. */
export function RankingPage() {
  const { t } = useTranslation();
  const view = useRangeParams();
  const by = (RANK_BY as readonly string[]).includes(view.params.get('by') ?? '') ? (view.params.get('by') as RankBy) : 'bet_amount';
  const body = { from: view.from, to: view.to, by };
  const q = useRanking({ ...body, skip: skipOf(view.page) });
  const cols = useFigureColumns();
  // Members have no losing parts (decision 030): the ranking leaves the column out.
  const fields = BET_FIELDS.filter((f) => f !== 'bettors' && f !== 'losing');
  return (
    <StatsScreen
      title={t('adminRoles.stats.ranking')}
      testId="admin-stats-ranking"
      extra={
        <label className="ad-inline-label">
          {t('adminRoles.stats.rankBy')}
          <select className="ui-input" data-testid="admin-stats-rank-by" value={by} onChange={(e) => view.set({ by: e.target.value, page: undefined })}>
            {RANK_BY.map((k) => (
              <option key={k} value={k}>
                {t(`adminRoles.stats.cols.${k}`)}
              </option>
            ))}
          </select>
        </label>
      }
      exportButton={
        <ExportXlsxButton<UserBettingRow & { rank?: number }>
          testId="admin-stats-export"
          filename={`statistics-ranking-${by}-${view.from}-${view.to}`}
          columns={[
            { header: t('adminRoles.stats.rank'), value: (r) => r.rank ?? null },
            { header: t('adminRoles.stats.member'), value: (r) => r.account, text: true },
            { header: t('adminRoles.roles.nickname'), value: (r) => r.nickname },
            { header: t('adminRoles.stats.parent'), value: (r) => r.parent_account, text: true },
            ...cols.exportColumns<UserBettingRow>(fields),
          ]}
          rows={async () => (await rankingExportRows(body)).map((r, i) => ({ ...r, rank: i + 1 }))}
        />
      }
    >
      <ListFrame
        query={q}
        paging={{ page: view.page, onPage: (page) => view.set({ page: String(page) }), total: (d) => d.total, perPage: PER_PAGE }}
        rows={(d) => d.rows.map((r, i) => ({ ...r, rank: skipOf(view.page) + i + 1 }))}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'admin-stats-row', 'data-account': r.account })}
        emptyText={t('adminRoles.stats.empty')}
        errorText={t('adminRoles.stats.loadFailed')}
        testId="admin-stats-table"
        className="ad-stats-table"
        columns={[
          { id: 'rank', header: t('adminRoles.stats.rank'), cell: (r) => r.rank, className: 'num strong' },
          { id: 'account', header: t('adminRoles.stats.member'), cell: (r) => `${r.account} (${r.nickname})` },
          { id: 'parent', header: t('adminRoles.stats.parent'), cell: (r) => r.parent_account ?? '-', className: 'mono' },
          ...cols.columns<UserBettingRow & { rank: number }>(fields),
        ]}
      />
    </StatsScreen>
  );
}
