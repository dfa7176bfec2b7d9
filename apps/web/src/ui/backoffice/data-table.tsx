import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { useSkin } from './skin.tsx';

/**
 * One column of a back-office table: its header, how a row fills its cell, the cell's and the
 * header's classes (`num`, `mono`, `strong` …) and, for a totals row, its footer.
 */
export type Column<Row> = {
  id: string;
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell's class, or a function of the row where it depends on the value (a shortfall in red). */
  className?: string | ((row: Row) => string | undefined);
  headClassName?: string;
  footer?: ReactNode;
};

/** Attributes a screen puts on a row: test ids, `data-*` values for tests, a selected class. */
export type RowAttrs = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | boolean | undefined };

export type DataTableProps<Row extends RowData> = {
  rows: readonly Row[];
  columns: readonly (Column<Row> | false)[];
  /** A row's React key and TanStack row id (the index where rows have no id of their own). */
  rowKey: (row: Row, index: number) => string | number;
  rowProps?: (row: Row) => RowAttrs;
  /** Replaces a row's cells, e.g. with an inline edit row; `undefined` keeps the normal row. */
  renderRow?: (row: Row) => ReactNode | undefined;
  /** Text of the row shown when there is none (default: the common "no data"). */
  emptyText?: string;
  className?: string;
  testId?: string;
};

// No client-side features yet: the server pages and filters. Sorting or column visibility plug in here.
const features = tableFeatures({});

/** The table part of every back-office screen, on TanStack Table's header and row models. */
export function DataTable<Row extends RowData>({ rows, columns, rowKey, rowProps, renderRow, emptyText, className, testId }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { prefix } = useSkin();
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  const byId = new Map(shown.map((c) => [c.id, c]));
  const helper = createColumnHelper<typeof features, Row>();
  const table = useTable({
    features,
    data: rows as Row[],
    columns: shown.map((c) => helper.display({ id: c.id, header: () => c.header, cell: ({ row }) => c.cell(row.original), footer: () => c.footer })),
    getRowId: (row, index) => String(rowKey(row, index)),
  });
  const hasFooter = shown.some((c) => c.footer !== undefined);

  return (
    <table className={className ? `${prefix}-table ${className}` : `${prefix}-table`} data-testid={testId}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((h) => (
              <th key={h.id} className={byId.get(h.column.id)?.headClassName}>
                <table.FlexRender header={h} />
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={shown.length} className="ui-empty">
              {emptyText ?? t('common.empty')}
            </td>
          </tr>
        )}
        {table.getRowModel().rows.map((row) => {
          const custom = renderRow?.(row.original);
          if (custom !== undefined) return <RowSlot key={row.id}>{custom}</RowSlot>;
          return (
            <tr key={row.id} {...rowProps?.(row.original)}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={classOf(byId.get(cell.column.id), row.original)}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
      {hasFooter && (
        <tfoot>
          {table.getFooterGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => (
                <td key={h.id} className={byId.get(h.column.id)?.headClassName}>
                  <table.FlexRender footer={h} />
                </td>
              ))}
            </tr>
          ))}
        </tfoot>
      )}
    </table>
  );
}

function classOf<Row>(column: Column<Row> | undefined, row: Row): string | undefined {
  const c = column?.className;
  return typeof c === 'function' ? c(row) : c;
}

function RowSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
