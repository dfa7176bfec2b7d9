import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type BetFigures, type RoleName, type UserBettingRow } from '@wager/contracts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { ExportXlsxButton, type ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { useAgent } from '../agent-session.tsx';
import { betFields } from '../statistics/field-sets.ts';
import { statColumns, statExportColumns } from '../statistics/stat-fields.tsx';
import { StatPage } from '../statistics/stat-page.tsx';
import { useStatView } from '../statistics/use-stat-view.ts';
import { useStatFormat } from '../statistics/use-stat-format.ts';
import { totalsWho, whoColumns, whoExportColumns } from '../statistics/who.tsx';
import { userBettingExportRows, useUserBettings, type UserBettingKind } from './queries.ts';
import { skipOf } from '../../ui/backoffice/paging.ts';

const SCREENS = {
  daily: { path: 'pa-zeus-user-daily-bettings', file: 'zeus-user-daily-bettings' },
  role: { path: 'pa-zeus-role-user-daily-bettings', file: 'zeus-role-bettings' },
  total: { path: 'pa-zeus-total-user-bettings', file: 'zeus-total-user-bettings' },
} as const;

/** The agent tiers below the asking agent (spec §2: menus list roles with propirty 5 or less). */
function lowerTiers(myRole: string | undefined): RoleName[] {
  const mine = ROLES.find((r) => r.name === myRole)?.propirty ?? 0;
  return ROLES.filter((r) => r.propirty > mine && r.propirty <= 5).map((r) => r.name);
}

/** Search by account or nickname, applied on submit. */
function SearchBox({ value, onApply }: { value: string; onApply: (search: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft.trim());
  }
  return (
    <form className="pa-stats-search" onSubmit={submit}>
      <input
        className="ui-input"
        data-testid="pa-stats-search"
        placeholder={t('partnerStats.searchPlaceholder')}
        aria-label={t('partnerStats.searchPlaceholder')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="ui-btn ui-btn-primary">
        {t('partnerStats.search')}
      </button>
    </form>
  );
}

/**
 * The zeus betting lists: per member and day (daily), per agent of one tier over the range with
 * its whole subtree's bets (role, `?roleName=`), per member over the range (total).
 */
export function ZeusUserBettingsPage({ kind }: { kind: UserBettingKind }) {
  const { t } = useTranslation();
  const { agent } = useAgent();
  const view = useStatView();
  const fmt = useStatFormat();
  const tiers = lowerTiers(agent?.role);
  const roleName = kind === 'role' ? (tiers.find((r) => r === view.param('roleName')) ?? tiers[0]) : undefined;
  const search = kind === 'role' ? undefined : (view.param('search') ?? undefined);
  const body = { from: view.from, to: view.to, search, roleName };
  const q = useUserBettings(kind, { ...body, skip: skipOf(view.page) }, kind !== 'role' || roleName !== undefined);

  const shown = new Set(
    kind === 'role' ? ['bet', 'win', 'lose', 'bettors', 'payback', 'betting_pl', 'rolling'] : ['bet', 'win', 'lose', 'payback', 'betting_pl', 'rolling'],
  );
  const fields = betFields(t).filter((f) => shown.has(f.id));
  const dayColumn: Column<UserBettingRow>[] =
    kind === 'daily'
      ? [{ id: 'day', header: t('partnerStats.col.date'), cell: (r) => r.day ?? '', className: 'nowrap', footer: t('partnerStats.totals') }]
      : [];
  const dayExport: ExportColumn<UserBettingRow>[] = kind === 'daily' ? [{ header: t('partnerStats.col.date'), value: (r) => r.day, text: true }] : [];
  const parentColumn: Column<UserBettingRow> = { id: 'parent', header: t('partnerStats.col.parent'), cell: (r) => r.parent_account ?? '-', footer: '' };
  const screen = SCREENS[kind];

  return (
    <StatPage
      title={t(`partner.menu.${screen.path}`)}
      testId={screen.path}
      view={view}
      filters={kind !== 'role' && <SearchBox key={search ?? ''} value={search ?? ''} onApply={(s) => view.set({ search: s })} />}
      exportButton={
        <ExportXlsxButton<UserBettingRow>
          testId="pa-stats-export"
          filename={`${screen.file}-${view.from}-${view.to}`}
          columns={[
            ...dayExport,
            ...whoExportColumns(t),
            { header: t('partnerStats.col.parent'), value: (r) => r.parent_account, text: true },
            ...statExportColumns(betFields(t)),
          ]}
          rows={() => userBettingExportRows(kind, body)}
          totals={
            q.data
              ? // The sheet's first column says "Total": the date on the daily list, else the account.
                {
                  ...q.data.totals,
                  ...totalsWho(t),
                  ...(kind === 'daily' ? { account: '', day: t('partnerStats.totals') } : { day: null }),
                  id: 0,
                  parent_account: null,
                }
              : null
          }
        />
      }
    >
      {kind === 'role' && (
        <Tabs
          tabs={tiers}
          value={roleName ?? tiers[0]}
          onChange={(r) => view.set({ roleName: r })}
          label={(r) => t(`roles.${r}`)}
          testId={(r) => `pa-stats-role-${r}`}
        />
      )}
      {roleName === undefined && kind === 'role' ? (
        <p className="ui-empty">{t('partnerStats.noLowerTiers')}</p>
      ) : (
        <ListFrame
          query={q}
          errorText={t('partnerStats.loadFailed')}
          paging={{ page: view.page, onPage: (page) => view.set({ page }) }}
          rows={(d) => d.rows}
          rowKey={(r) => `${r.day ?? ''}-${r.id}`}
          rowProps={(r) => ({ 'data-account': r.account })}
          emptyText={t('partnerStats.empty')}
          className="pa-stat-table"
          testId="pa-stats-table"
          columns={[
            ...dayColumn,
            ...whoColumns<UserBettingRow>(t, kind !== 'daily', kind === 'role'),
            parentColumn,
            ...statColumns<BetFigures, UserBettingRow>(fields, q.data?.totals, fmt),
          ]}
        />
      )}
    </StatPage>
  );
}
