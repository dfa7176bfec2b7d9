import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatUnits, groupThousands } from '../../lib/money.ts';
import { AdminList, Badge, skipOf } from '../ops/shared.tsx';
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

  return (
    <section className="ad-page ad-ops-dense" data-testid="admin-game-wallets">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminGames.gameWallets.title')}</h1>
        <form className="ad-filters" onSubmit={submit}>
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
        </form>
      </div>
      <p className="ad-note">{t('adminGames.gameWallets.intro')}</p>

      {totals && (
        <div className="gw-summary">
          <h2 className="ad-subhead gw-summary-head">{t('adminGames.gameWallets.summary.title')}</h2>
          <div className="ad-table-wrap">
            <table className="ad-table" data-testid="wallets-summary">
              <thead>
                <tr>
                  <th>{t('adminGames.gameWallets.summary.solution')}</th>
                  <th>{t('adminGames.gameWallets.summary.mode')}</th>
                  <th className="num">{t('adminGames.gameWallets.summary.members')}</th>
                  <th className="num">{t('adminGames.gameWallets.summary.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {solutions.map((s) => (
                  <tr key={s.code} data-testid={`wallets-summary-${s.code}`}>
                    <td className="strong">{s.name}</td>
                    <td>
                      <Badge tone={s.wallet_mode === 'seamless' ? 'muted' : 'info'}>{t(`adminGames.casino.modes.${s.wallet_mode}`)}</Badge>
                    </td>
                    <td className="num">{s.members}</td>
                    <td className="num">{money(s.casino)}</td>
                  </tr>
                ))}
                <tr data-testid="wallets-summary-unplaced">
                  <td className="strong">{t('adminGames.gameWallets.summary.unplaced')}</td>
                  <td>-</td>
                  <td className="num">{totals.unplaced.members}</td>
                  <td className="num">{money(totals.unplaced.casino)}</td>
                </tr>
                <tr data-testid="wallets-summary-egg">
                  <td className="strong">{t('adminGames.gameWallets.summary.eggs')}</td>
                  <td>-</td>
                  <td className="num">{totals.egg_members}</td>
                  <td className="num">{eggs(totals.egg)}</td>
                </tr>
                <tr data-testid="wallets-summary-all">
                  <td className="strong">{t('adminGames.gameWallets.summary.all')}</td>
                  <td>-</td>
                  <td className="num">{totals.members}</td>
                  <td className="num">{money(totals.money)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}

      <div className="ad-tabs gw-tabs" role="tablist">
        {tabs.map((x) => {
          const active = viewKey(x.view) === viewKey(view);
          return (
            <button
              key={viewKey(x.view)}
              type="button"
              role="tab"
              aria-selected={active}
              className={active ? 'ad-tab is-active' : 'ad-tab'}
              data-testid={`wallets-tab-${viewKey(x.view)}`}
              onClick={() => pick(x.view)}
            >
              {x.label}
              {x.count !== undefined && <span className="ad-muted"> {x.count}</span>}
            </button>
          );
        })}
      </div>

      <AdminList query={wallets} page={page} onPage={setPage}>
        <table className="ad-table ad-sticky-actions gw-table">
          <thead>
            <tr>
              <th>{t('adminGames.gameWallets.cols.member')}</th>
              <th className="num">{t('adminGames.gameWallets.cols.level')}</th>
              <th>{t('adminGames.gameWallets.cols.status')}</th>
              <th className="num">{t('adminGames.gameWallets.cols.money')}</th>
              <th className="num">{t('adminGames.gameWallets.cols.egg')}</th>
              <th className="num">{t('adminGames.gameWallets.cols.casino')}</th>
              <th>{t('adminGames.gameWallets.cols.location')}</th>
              <th>{t('adminGames.gameWallets.cols.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {wallets.data?.rows.length === 0 && (
              <tr>
                <td colSpan={8} className="ad-muted">
                  {t('adminGames.gameWallets.empty')}
                </td>
              </tr>
            )}
            {(wallets.data?.rows ?? []).map((r) => (
              <tr key={r.id} data-testid="wallets-row" data-account={r.account}>
                <td>
                  <span className="strong">{r.account}</span> <span className="ad-muted">{r.nickname}</span>
                </td>
                <td className="num">{r.level}</td>
                <td>{t(`adminOps.members.statuses.${r.status}`, { defaultValue: r.status })}</td>
                <td className="num">{groupThousands(r.money)}</td>
                <td className="num" data-testid="wallets-row-egg">
                  {groupThousands(r.egg)}
                </td>
                <td className="num" data-testid="wallets-row-casino">
                  {groupThousands(r.casino)}
                </td>
                <td>
                  {r.vendor ? (
                    <>
                      {nameOf(r.vendor)} {r.wallet_mode && <Badge tone="info">{t(`adminGames.casino.modes.${r.wallet_mode}`)}</Badge>}{' '}
                      {r.session_open && <Badge tone="warn">{t('adminGames.gameWallets.playing')}</Badge>}
                    </>
                  ) : r.casino !== '0' ? (
                    <span className="ad-muted">{t('adminGames.gameWallets.tabs.unplaced')}</span>
                  ) : (
                    <span className="ad-muted">{t('adminGames.gameWallets.none')}</span>
                  )}
                </td>
                <td>
                  <div className="ad-row-actions">
                    <button
                      type="button"
                      className="ui-btn ui-btn-primary ad-btn-xs"
                      data-testid="wallets-pay-egg"
                      onClick={() => setEgg({ row: r, type: 'pay' })}
                    >
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
      {egg && <EggDialog row={egg.row} type={egg.type} onClose={() => setEgg(null)} />}
      {retrieving && <RetrieveCasinoDialog row={retrieving} vendorName={nameOf(retrieving.vendor)} onClose={() => setRetrieving(null)} />}
    </section>
  );
}
