import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ROLES, type LosingRow } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import type { ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';
import { formatDateTime } from '../../lib/date.ts';

/** Spec §6: known tiers are translated, unknown role names pass through unchanged. */
const roleLabel = (t: TFunction, name: string) => (ROLES.some((r) => r.name === name) ? t(`roles.${name as 'user'}`) : name);

export type LosingTotals = { net_loss: string; own: string; carried_in: string; amount: string; paid: string };

/** "2026-03-01" or "2026-03-01 ~ 2026-03-07". */
export const periodLabel = (r: Pick<LosingRow, 'from_day' | 'to_day'>) => (r.from_day === r.to_day ? r.from_day : `${r.from_day} ~ ${r.to_day}`);

const when = (r: LosingRow) => {
  const at = r.recovered_at ?? r.paid_at;
  return at ? formatDateTime(at) : '-';
};

/**
 * The settlement list's columns (partner and admin screens alike), the totals of the whole filter
 * in the footer, and the row's pay/recover buttons when given.
 */
export function losingColumns(t: TFunction, lang: string, totals: LosingTotals | undefined, actions?: (r: LosingRow) => ReactNode): Column<LosingRow>[] {
  const money = (v: string | undefined) => (v === undefined ? undefined : formatMoney(v, lang));
  return [
    { id: 'period', header: t('losing.col.period'), cell: periodLabel, className: 'mono', footer: t('losing.totals') },
    { id: 'account', header: t('losing.col.account'), cell: (r) => r.account, className: 'strong' },
    { id: 'nickname', header: t('losing.col.nickname'), cell: (r) => r.nickname },
    { id: 'role', header: t('losing.col.role'), cell: (r) => roleLabel(t, r.role) },
    { id: 'net_loss', header: t('losing.col.netLoss'), cell: (r) => formatMoney(r.net_loss, lang), className: 'num' },
    { id: 'rate', header: t('losing.col.rate'), cell: (r) => `${r.rate}%`, className: 'num' },
    { id: 'own', header: t('losing.col.own'), cell: (r) => formatMoney(r.own, lang), className: 'num', footer: money(totals?.own) },
    { id: 'carried_in', header: t('losing.col.carriedIn'), cell: (r) => formatMoney(r.carried_in, lang), className: 'num', footer: money(totals?.carried_in) },
    {
      id: 'amount',
      header: t('losing.col.amount'),
      cell: (r) => formatMoney(r.amount, lang),
      className: (r) => (r.amount.startsWith('-') ? 'num strong pa-losing-negative' : 'num strong'),
      footer: money(totals?.amount),
    },
    { id: 'status', header: t('losing.col.status'), cell: (r) => <span className={`pa-losing-status is-${r.status}`}>{t(`losing.status.${r.status}`)}</span> },
    { id: 'paid_at', header: t('losing.col.paidAt'), cell: (r) => when(r) },
    ...(actions ? [{ id: 'actions', header: t('losing.col.actions'), cell: actions }] : []),
  ];
}

/** The same figures for the XLSX (amounts as digits, so Excel reads numbers). */
export function losingExportColumns(t: TFunction): ExportColumn<LosingRow>[] {
  return [
    { header: t('losing.col.period'), value: periodLabel },
    { header: t('losing.col.account'), value: (r) => r.account },
    { header: t('losing.col.nickname'), value: (r) => r.nickname },
    { header: t('losing.col.role'), value: (r) => (r.role ? roleLabel(t, r.role) : '') },
    { header: t('losing.col.netLoss'), value: (r) => r.net_loss },
    { header: t('losing.col.rate'), value: (r) => r.rate },
    { header: t('losing.col.own'), value: (r) => r.own },
    { header: t('losing.col.carriedIn'), value: (r) => r.carried_in },
    { header: t('losing.col.amount'), value: (r) => r.amount },
    { header: t('losing.col.status'), value: (r) => (r.status ? t(`losing.status.${r.status}`) : '') },
  ];
}

/** The totals row of the XLSX, shaped as a row. */
export const exportTotals = (t: TFunction, totals: LosingTotals): LosingRow => ({
  id: 0,
  period_id: 0,
  from_day: t('losing.totals'),
  to_day: t('losing.totals'),
  agent_id: 0,
  account: '',
  nickname: '',
  role: '',
  net_loss: '', // a subtree loss summed over agents would count it once per agent above it
  rate: '',
  own: totals.own,
  carried_in: totals.carried_in,
  amount: totals.amount,
  status: '' as LosingRow['status'],
  paid_at: null,
  recovered_at: null,
  can_act: false,
});
