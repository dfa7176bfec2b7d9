import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatUnits, groupThousands } from '../../lib/money.ts';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { Badge } from '../ops/shared.tsx';
import { EggDialog, RetrieveCasinoDialog, type EggType } from './wallets/dialogs.tsx';
import { useGameWallets, type WalletRow, type WalletsBody } from './wallets/queries.ts';
import './wallets/wallets.css';

type View = { tab: NonNullable<WalletsBody['tab']>; vendor?: string };
const viewKey = (v: View) => (v.tab === 'vendor' ? `vendor-${v.vendor}` : v.tab);

/**
 * Spec §2 admin "egg and casino-money management by solution": players with held money, eggs and
 * casino money (and the vendor it sits at), one tab per solution, totals per solution; pay or
 * retrieve eggs, retrieve casino money from a vendor back to held money.
 */
export function GameWalletsPage() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>({ tab: 'all' });
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [egg, setEgg] = useState<{ row: WalletRow; type: EggType } | null>(null);
  const [retrieving, setRetrieving] = useState<WalletRow | null>(null);
  const wallets = useGameWallets({ tab: view.tab, vendor: view.vendor, search: search || undefined, skip: skipOf(page) });
  const totals = wallets.data?.totals;
  const solutions = totals?.solutions ?? [];
  const nameOf = (code: string | null) => solutions.find((s) => s.code === code)?.name ?? code ?? t('adminGames.gameWallets.summary.unplaced');
  const money = (v: string) => formatMoney(v, i18n.language);
  const eggs = (v: string) => formatUnits(v, i18n.language);

  const tabs: { view: View; label: string; count?: number }[] = [
    { view: { tab: 'all' }, label: t('adminGames.gameWallets.tabs.all'), count: totals?.members },
    { view: { tab: 'egg' }, label: t('adminGames.gameWallets.tabs.egg'), count: totals?.egg_members },
    ...solutions.map((s) => ({ view: { tab: 'vendor' as const, vendor: s.code }, label: s.name, count: s.members })),
    { view: { tab: 'unplaced' }, label: t('adminGames.gameWallets.tabs.unplaced'), count: totals?.unplaced.members },
  ];
  function pick(v: View) {
    setView(v);
    setPage(1);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  const byKey = new Map(tabs.map((x) => [viewKey(x.view), x]));
  // The summary's fixed rows after one row per solution; `amount` is money except for eggs.
  const summaryRows = totals && [
    ...solutions.map((s) => ({ key: s.code, name: s.name, mode: s.wallet_mode, members: s.members, amount: money(s.casino) })),
    {
      key: 'unplaced',
      name: t('adminGames.gameWallets.summary.unplaced'),
      mode: null,
      members: totals.unplaced.members,
      amount: money(totals.unplaced.casino),
    },
    { key: 'egg', name: t('adminGames.gameWallets.summary.eggs'), mode: null, members: totals.egg_members, amount: eggs(totals.egg) },
    { key: 'all', name: t('adminGames.gameWallets.summary.all'), mode: null, members: totals.members, amount: money(totals.money) },
  ];

  return (
    <BackofficePage
      title={t('adminGames.gameWallets.title')}
      testId="admin-game-wallets"
      className="ad-ops-dense"
      filters={
        <Filters onSubmit={submit}>
          <input
            className="ui-input ad-search"
            data-testid="wallets-search"
            aria-label={t('adminGames.gameWallets.search')}
            placeholder={t('adminGames.gameWallets.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="wallets-search-submit">
            {t('adminGames.gameWallets.search')}
          </button>
        </Filters>
      }
    >
      <p className="ad-note">{t('adminGames.gameWallets.intro')}</p>

      {summaryRows && (
        <div className="gw-summary">
          <h2 className="ad-subhead gw-summary-head">{t('adminGames.gameWallets.summary.title')}</h2>
          <div className="ad-table-wrap">
            <DataTable
              testId="wallets-summary"
              rows={summaryRows}
              rowKey={(r) => r.key}
              rowProps={(r) => ({ 'data-testid': `wallets-summary-${r.key}` })}
              columns={[
                { id: 'solution', header: t('adminGames.gameWallets.summary.solution'), cell: (r) => r.name, className: 'strong' },
                {
                  id: 'mode',
                  header: t('adminGames.gameWallets.summary.mode'),
                  cell: (r) => (r.mode ? <Badge tone={r.mode === 'seamless' ? 'muted' : 'info'}>{t(`adminGames.casino.modes.${r.mode}`)}</Badge> : '-'),
                },
                { id: 'members', header: t('adminGames.gameWallets.summary.members'), headClassName: 'num', className: 'num', cell: (r) => r.members },
                { id: 'amount', header: t('adminGames.gameWallets.summary.amount'), headClassName: 'num', className: 'num', cell: (r) => r.amount },
              ]}
            />
          </div>
        </div>
      )}

      <Tabs
        className="gw-tabs"
        tabs={[...byKey.keys()]}
        value={viewKey(view)}
        onChange={(k) => pick(byKey.get(k)!.view)}
        label={(k) => {
          const x = byKey.get(k)!;
          return (
            <>
              {x.label}
              {x.count !== undefined && <span className="ad-muted"> {x.count}</span>}
            </>
          );
        }}
        testId={(k) => `wallets-tab-${k}`}
      />

      <ListFrame
        query={wallets}
        paging={{ page, onPage: setPage }}
        className="ad-sticky-actions gw-table"
        emptyText={t('adminGames.gameWallets.empty')}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'wallets-row', 'data-account': r.account })}
        columns={[
          {
            id: 'member',
            header: t('adminGames.gameWallets.cols.member'),
            cell: (r) => (
              <>
                <span className="strong">{r.account}</span> <span className="ad-muted">{r.nickname}</span>
              </>
            ),
          },
          { id: 'level', header: t('adminGames.gameWallets.cols.level'), headClassName: 'num', className: 'num', cell: (r) => r.level },
          {
            id: 'status',
            header: t('adminGames.gameWallets.cols.status'),
            cell: (r) => t(`adminOps.members.statuses.${r.status}`, { defaultValue: r.status }),
          },
          { id: 'money', header: t('adminGames.gameWallets.cols.money'), headClassName: 'num', className: 'num', cell: (r) => groupThousands(r.money) },
          {
            id: 'egg',
            header: t('adminGames.gameWallets.cols.egg'),
            headClassName: 'num',
            className: 'num',
            cell: (r) => <span data-testid="wallets-row-egg">{groupThousands(r.egg)}</span>,
          },
          {
            id: 'casino',
            header: t('adminGames.gameWallets.cols.casino'),
            headClassName: 'num',
            className: 'num',
            cell: (r) => <span data-testid="wallets-row-casino">{groupThousands(r.casino)}</span>,
          },
          {
            id: 'location',
            header: t('adminGames.gameWallets.cols.location'),
            cell: (r) =>
              r.vendor ? (
                <>
                  {nameOf(r.vendor)} {r.wallet_mode && <Badge tone="info">{t(`adminGames.casino.modes.${r.wallet_mode}`)}</Badge>}{' '}
                  {r.session_open && <Badge tone="warn">{t('adminGames.gameWallets.playing')}</Badge>}
                </>
              ) : r.casino !== '0' ? (
                <span className="ad-muted">{t('adminGames.gameWallets.tabs.unplaced')}</span>
              ) : (
                <span className="ad-muted">{t('adminGames.gameWallets.none')}</span>
              ),
          },
          {
            id: 'actions',
            header: t('adminGames.gameWallets.cols.actions'),
            cell: (r) => (
              <div className="ad-row-actions">
                <button type="button" className="ui-btn ui-btn-primary ad-btn-xs" data-testid="wallets-pay-egg" onClick={() => setEgg({ row: r, type: 'pay' })}>
                  {t('adminGames.gameWallets.actions.payEgg')}
                </button>
                <button
                  type="button"
                  className="ui-btn ad-btn-xs"
                  data-testid="wallets-retrieve-egg"
                  disabled={r.egg === '0'}
                  onClick={() => setEgg({ row: r, type: 'retrieve' })}
                >
                  {t('adminGames.gameWallets.actions.retrieveEgg')}
                </button>
                <button
                  type="button"
                  className="ui-btn ui-btn-danger ad-btn-xs"
                  data-testid="wallets-retrieve-casino"
                  disabled={r.casino === '0'}
                  onClick={() => setRetrieving(r)}
                >
                  {t('adminGames.gameWallets.actions.retrieveCasino')}
                </button>
              </div>
            ),
          },
        ]}
      />
      {egg && <EggDialog row={egg.row} type={egg.type} onClose={() => setEgg(null)} />}
      {retrieving && <RetrieveCasinoDialog row={retrieving} vendorName={nameOf(retrieving.vendor)} onClose={() => setRetrieving(null)} />}
    </BackofficePage>
  );
}
