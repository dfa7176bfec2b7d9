import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryErrorText } from '../../i18n/error-text.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { EmptyRow } from '../../ui/states.tsx';
import { DateFilter } from './date-filter.tsx';
import { rangeBody, TODAY_RANGE, type DateRange } from '../../ui/money-rules.ts';
import { useServerToday } from './use-money.ts';

/** Date range (today first) and page of a money history; a new range goes back to page 1. */
export function useHistoryPaging(perPage: number) {
  const today = useServerToday();
  const [range, setRange] = useState<DateRange>(TODAY_RANGE);
  const [page, setPage] = useState(1);
  return {
    today,
    range,
    page,
    perPage,
    setPage,
    /** The request body for the current range and page. */
    body: rangeBody(range, today, (page - 1) * perPage),
    changeRange(next: DateRange) {
      setRange(next);
      setPage(1);
    },
  };
}

type HistoryCardProps<Log> = {
  testId: string;
  title: string;
  paging: ReturnType<typeof useHistoryPaging>;
  query: UseQueryResult<{ logs: Log[]; total: number }>;
  columns: number;
  /** The header row's cells. */
  head: ReactNode;
  /** One table row (with its key) per log. */
  row: (log: Log) => ReactNode;
  /** Below the pagination (e.g. clearing the history). */
  footer?: ReactNode;
};

/** A money history card: title and date filter, the table (loading, empty, error), pagination. */
export function HistoryCard<Log>({ testId, title, paging, query, columns, head, row, footer }: HistoryCardProps<Log>) {
  const { t } = useTranslation();
  return (
    <section className="m-card mn-card" data-testid={testId}>
      <header className="mn-card-head">
        <h2>{title}</h2>
        <DateFilter value={paging.range} today={paging.today} testId={testId} onChange={paging.changeRange} />
      </header>
      {query.isError ? (
        <p className="mn-error">{queryErrorText(query.error)}</p>
      ) : (
        <div className="mn-table-wrap">
          <table className="mn-table">
            <thead>
              <tr>{head}</tr>
            </thead>
            <tbody>
              {query.isPending ? (
                <tr>
                  <td colSpan={columns} className="ui-empty">
                    {t('common.loading')}
                  </td>
                </tr>
              ) : query.data.logs.length === 0 ? (
                <EmptyRow colSpan={columns} />
              ) : (
                query.data.logs.map((log) => row(log))
              )}
            </tbody>
          </table>
        </div>
      )}
      {(query.data?.total ?? 0) > 0 && <Pagination page={paging.page} total={query.data?.total ?? 0} perPage={paging.perPage} onChange={paging.setPage} />}
      {footer}
    </section>
  );
}
