import type { TFunction } from 'i18next';
import type { BankRequest } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import type { ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';

// The request columns the agent's own lists and its subtree's lists share (spec §3 "Deposit and
// withdrawal request": amount, expected amount after, name, dates, status).

type Type = 'charge' | 'exchange';

export function bankColumns<Row extends BankRequest>(t: TFunction, lang: string, type: Type, totalAmount?: string): Column<Row>[] {
  return [
    {
      id: 'id',
      header: t('partnerMoney.col.no'),
      cell: (r) => r.id,
      className: 'num',
    },
    {
      id: 'amount',
      header: t('partnerMoney.col.amount'),
      headClassName: 'num',
      className: 'num strong',
      cell: (r) => formatMoney(r.amount, lang),
      footer: totalAmount === undefined ? undefined : formatMoney(totalAmount, lang),
    },
    {
      id: 'after',
      header: t('partnerMoney.col.moneyAfter'),
      headClassName: 'num',
      className: 'num',
      cell: (r) => (r.money_after ? formatMoney(r.money_after, lang) : '-'),
    },
    { id: 'holder', header: t('partnerMoney.col.holder'), cell: (r) => r.holder ?? '-' },
    { id: 'bank', header: t('partnerMoney.col.bank'), cell: (r) => r.bank_name ?? '-' },
    {
      id: 'status',
      header: t('partnerMoney.col.status'),
      cell: (r) => <span className={`pa-status is-${r.status}`}>{t(`money.status.${type}.${r.status}`)}</span>,
    },
    { id: 'requested', header: t('partnerMoney.col.requestedAt'), className: 'mono', cell: (r) => formatDateTime(r.created_at) },
    { id: 'processed', header: t('partnerMoney.col.processedAt'), className: 'mono', cell: (r) => (r.processed_at ? formatDateTime(r.processed_at) : '-') },
  ];
}

export function bankExportColumns<Row extends BankRequest>(t: TFunction, type: Type): ExportColumn<Row>[] {
  return [
    { header: t('partnerMoney.col.no'), value: (r) => r.id },
    { header: t('partnerMoney.col.amount'), value: (r) => r.amount },
    { header: t('partnerMoney.col.moneyAfter'), value: (r) => r.money_after },
    { header: t('partnerMoney.col.holder'), value: (r) => r.holder },
    { header: t('partnerMoney.col.bank'), value: (r) => r.bank_name },
    { header: t('partnerMoney.col.status'), value: (r) => t(`money.status.${type}.${r.status}`) },
    { header: t('partnerMoney.col.requestedAt'), value: (r) => formatDateTime(r.created_at) },
    { header: t('partnerMoney.col.processedAt'), value: (r) => (r.processed_at ? formatDateTime(r.processed_at) : null) },
  ];
}
