import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { Pagination } from '../pagination.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { PER_PAGE } from './paging.ts';
import { QueryState } from './query-state.tsx';
import { useSkin } from './skin.tsx';

type Paging<Data> = {
  /** 1-based. */
  page: number;
  onPage: (page: number) => void;
  /** Rows over all pages (default: the answer's `total`). */
  total?: (data: Data) => number;
  /** The "N rows" line above the table (default: shown when the tree words it). */
  count?: boolean;
  /** Rows per page where the spec fixes another size than 20 (messages 10, inquiries 5). */
  perPage?: number;
};

export type ListFrameProps<Data, Row extends RowData> = Omit<DataTableProps<Row>, 'rows' | 'emptyText'> & {
  query: UseQueryResult<Data>;
  /** The empty-list message of the spec for this kind of list (§8; `admin.empty.*` in the admin): required, so no list shows a bare empty table or a generic text. */
  emptyText: string;
  rows: (data: Data) => readonly Row[];
  paging?: Paging<Data>;
  /** Above the table once the answer is there: totals over the whole filter, a threshold … */
  summary?: (data: Data) => ReactNode;
  /** Replaces the server's reason in the error state. */
  errorText?: string;
  wrapClassName?: string;
};

const totalOf = (data: unknown) => (typeof data === 'object' && data !== null && 'total' in data && typeof data.total === 'number' ? data.total : 0);

/**
 * The frame every back-office list shares: loading, the error text, a summary, the row count,
 * the scrolling table (with its empty row) and the pagination.
 */
export function ListFrame<Data, Row extends RowData>({ query, rows, paging, summary, errorText, wrapClassName, ...table }: ListFrameProps<Data, Row>) {
  const { prefix, countText } = useSkin();
  return (
    <QueryState query={query} errorText={errorText}>
      {(data) => {
        const total = paging ? (paging.total ?? totalOf)(data) : 0;
        return (
          <>
            {summary?.(data)}
            {paging && paging.count !== false && countText && <p className={`${prefix}-count`}>{countText(total)}</p>}
            <div className={wrapClassName ? `${prefix}-table-wrap ${wrapClassName}` : `${prefix}-table-wrap`}>
              <DataTable rows={rows(data)} {...table} />
            </div>
            {paging && <Pagination page={paging.page} total={total} perPage={paging.perPage ?? PER_PAGE} onChange={paging.onPage} />}
          </>
        );
      }}
    </QueryState>
  );
}
