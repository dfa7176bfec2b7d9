import type { TFunction } from 'i18next';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import type { ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';
import { roleLabel } from '../role-label.ts';

type Who = { account: string; nickname: string; role: string };

/** A row's account with its nickname under it, and its tier; the first footed "Total" for the totals row. */
export function whoColumns<Row extends Who>(t: TFunction, totals: boolean, withRole = true): Column<Row>[] {
  const columns: Column<Row>[] = [
    {
      id: 'account',
      header: t('partnerStats.col.account'),
      cell: (r) => (
        <>
          {r.account}
          <small className="pa-stat-sub">{r.nickname}</small>
        </>
      ),
      className: 'strong',
      footer: totals ? t('partnerStats.totals') : undefined,
    },
  ];
  if (withRole) columns.push({ id: 'role', header: t('partnerStats.col.role'), cell: (r) => roleLabel(t, r.role), footer: totals ? '' : undefined });
  return columns;
}

/** The same identity in a sheet: account, nickname and tier as text. */
export function whoExportColumns<Row extends Who>(t: TFunction): ExportColumn<Row>[] {
  return [
    { header: t('partnerStats.col.account'), value: (r) => r.account, text: true },
    { header: t('partnerStats.col.nickname'), value: (r) => r.nickname, text: true },
    { header: t('partnerStats.col.role'), value: (r) => roleLabel(t, r.role) },
  ];
}

/** The totals row of a sheet: "Total" where the account goes. */
export const totalsWho = (t: TFunction): Who => ({ account: t('partnerStats.totals'), nickname: '', role: '' });
