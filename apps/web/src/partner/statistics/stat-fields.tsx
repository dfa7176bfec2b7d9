import type { ReactNode } from 'react';
import { formatMoney, formatPoints, formatUnits } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import type { ExportColumn } from '../../ui/backoffice/export-xlsx.tsx';
import { signClass } from './figures.ts';

/**
 * One figure of a statistics table, written once for the screen and for its XLSX: an amount (money
 * or points), a count, or both in one cell (the count small under the amount); the sheet gets
 * each as its own column. `sign` colours a profit by its sign.
 */
export type StatField<F> = {
  id: string;
  header: string;
  money?: (f: F) => string;
  points?: (f: F) => string;
  /** Units that are neither money nor points (eggs). */
  units?: (f: F) => string;
  count?: (f: F) => number;
  /** The count's own header (sheet column; second header line when it shares a cell). */
  countHeader?: string;
  /** Plain text (a rate, a date): shown as is. */
  text?: (f: F) => string;
  sign?: boolean;
};

type Fmt = { lang: string; countText: (n: number) => string };

function amountOf<F>(field: StatField<F>, f: F, fmt: Fmt): string | null {
  if (field.money) return formatMoney(field.money(f), fmt.lang);
  if (field.points) return formatPoints(field.points(f), fmt.lang);
  if (field.units) return formatUnits(field.units(f), fmt.lang);
  return null;
}

/** One figure as a cell shows it: the amount with its count under it, a count, or text. */
export function statCell<F>(field: StatField<F>, f: F, fmt: Fmt): ReactNode {
  if (field.text) return field.text(f);
  const amount = amountOf(field, f, fmt);
  const count = field.count?.(f);
  if (amount === null) return count === undefined ? '' : formatUnits(String(count), fmt.lang);
  if (count === undefined) return amount;
  return (
    <>
      {amount}
      <small className="pa-stat-sub">{fmt.countText(count)}</small>
    </>
  );
}

function headOf<F>(field: StatField<F>): ReactNode {
  if (!field.countHeader || !(field.money || field.points || field.units)) return field.header;
  return (
    <>
      {field.header}
      <small className="pa-stat-sub">{field.countHeader}</small>
    </>
  );
}

/**
 * The table columns of `fields` over rows of figures F, with `totals` (the server's sums over the
 * whole filter) as the footer row; `lead` are the row's identity columns, the first footed "Total".
 */
export function statColumns<F, Row extends F>(fields: readonly StatField<F>[], totals: F | null | undefined, fmt: Fmt): Column<Row>[] {
  return fields.map((field) => ({
    id: field.id,
    header: headOf(field),
    cell: (row: Row) => statCell(field, row, fmt),
    className: field.sign ? (row: Row) => ['num', signClass(field.money?.(row) ?? '0')].filter(Boolean).join(' ') : 'num',
    headClassName: 'num',
    footer: totals ? statCell(field, totals, fmt) : undefined,
  }));
}

/** The sheet columns of `fields`: an amount and its count become two columns. */
export function statExportColumns<F>(fields: readonly StatField<F>[]): ExportColumn<F>[] {
  return fields.flatMap((field): ExportColumn<F>[] => {
    if (field.text) return [{ header: field.header, value: field.text }];
    const amount = field.money ?? field.points ?? field.units;
    const out: ExportColumn<F>[] = [];
    if (amount) out.push({ header: field.header, value: amount });
    if (field.count) out.push({ header: field.countHeader ?? field.header, value: field.count });
    return out;
  });
}
